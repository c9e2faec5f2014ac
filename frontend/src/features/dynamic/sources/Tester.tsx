import { useState } from 'react';
import { SelectField, TextField } from '../../../components/fields';
import { classifySourceVisit, type Level, type Ruleset } from '../../../domain/sources';
import type { SourcesPage } from './api';

const LEVELS: Record<Level, string> = {
  firstTouch: 'First touch',
  landingPage: '1. Landing-page parameter or URL rule',
  referrer: '2. Specific referrer',
  referrerGroup: '3. Referrer group',
  always: "4. 'Always' rule",
  default: '5. Website default',
};

/** Paste a landing URL and a referrer: which pair wins, by which rule, and why (the server's own classifier, through wasm). */
export function ClassificationTester({ ruleset }: { ruleset: SourcesPage['ruleset'] }) {
  const [landingUrl, setLandingUrl] = useState('');
  const [referrer, setReferrer] = useState('');
  const [firstTouch, setFirstTouch] = useState('');
  const tested = landingUrl.trim() !== '' || referrer.trim() !== '';
  // A returning visitor's first visit: a day before this one.
  const first = firstTouch ? { sourceMediumId: Number(firstTouch), startedAt: 0 } : null;
  const answer = tested
    ? classifySourceVisit({ landingUrl, referrer, startedAt: 86_400, firstTouch: first }, ruleset as Ruleset)
    : null;
  const pair = answer && ruleset.pairs.find((p) => p.id === answer.sourceMediumId);
  return (
    <section className="card" aria-labelledby="tester-title">
      <h2 id="tester-title">Classification tester</h2>
      <TextField
        label="Landing page URL"
        value={landingUrl}
        onChange={setLandingUrl}
        hint="e.g. https://www.example.com/offers?utm_source=bing&utm_medium=cpc"
      />
      <TextField label="Referrer" value={referrer} onChange={setReferrer} hint="e.g. https://www.google.co.uk/" />
      <SelectField
        label="The visitor's first visit"
        value={firstTouch}
        onChange={setFirstTouch}
        options={[
          { value: '', label: 'None: a new visitor' },
          ...ruleset.pairs.map((p) => ({ value: String(p.id), label: `${p.source} / ${p.medium}, yesterday` })),
        ]}
        hint="A first visit within 30 days keeps its source / medium, unless a paid click may override it."
      />
      <div role="status" aria-live="polite">
        {answer && (
          <dl className="tester-answer">
            <dt>Source / medium</dt>
            <dd>{pair ? `${pair.source} / ${pair.medium}` : `#${answer.sourceMediumId}`}</dd>
            <dt>Decided by</dt>
            <dd>{LEVELS[answer.level]}</dd>
            <dt>Paid click</dt>
            <dd>{answer.paid ? 'Yes' : 'No'}</dd>
            <dt>Why</dt>
            <dd>{answer.why}</dd>
          </dl>
        )}
      </div>
    </section>
  );
}
