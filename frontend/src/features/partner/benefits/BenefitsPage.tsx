import { useState } from 'react';
import { Link } from 'react-router';
import { LoadedPage } from '../../../components/LoadedPage';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';
import { useAccount } from '../../../lib/account';
import { SUPPORT_EMAIL, SUPPORT_PHONE, withContact } from '../../../lib/contact';
import { useLoader } from '../../../lib/useLoader';
import { AddAccountDialog } from '../accounts/AddAccountDialog';
import { getProgrammes, type AccountCreated, type Programme, type ProgrammeTerms } from '../api';
import { accountCreated, PROGRAMMES_FAILED } from '../messages';

const PROGRAMMES: Record<Programme, { name: string; rate: string; other: Programme; gives: string[] }> = {
  reseller: {
    name: 'Reseller programme',
    other: 'referrer',
    rate: 'margin',
    gives: [
      'Sell call tracking under your own price: you bill your clients, we bill you.',
      'Earn your agreed margin on every invoice of the clients you resell.',
      'Your logo, favicon and colours in your clients’ admin area (Settings).',
      'Create and manage your clients’ accounts and users from this portal, and log in to any of them.',
    ],
  },
  referrer: {
    name: 'Referral programme',
    other: 'reseller',
    rate: 'referral fee',
    gives: [
      'Introduce a client: we set up their account, bill them and look after them.',
      'Earn your agreed referral fee on every invoice of the clients you refer, for as long as they stay.',
      'See what you have earned, by month and by client, under Rewards.',
    ],
  },
};

function Benefits({ programme, terms }: { programme: Programme; terms: ProgrammeTerms[] }) {
  const { account } = useAccount();
  const [referring, setReferring] = useState(false);
  const [done, setDone] = useState<Outcome | null>(null);
  const about = PROGRAMMES[programme];
  const mine = terms.find((t) => t.programme === programme);
  const canRefer = programme === 'referrer' && mine?.approved && account.userCanCreatePartnerAccounts;

  function created(answer: AccountCreated) {
    setReferring(false);
    setDone({ kind: 'success', text: accountCreated(answer) });
  }

  return (
    <>
      <ResultBanner outcome={done} />
      <section className="card" aria-labelledby="programme-name">
        <h2 id="programme-name">{about.name}</h2>
        <ul>
          {about.gives.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
        {mine?.approved ? (
          <p>
            You are approved
            {mine.rate ? `: your ${about.rate} is ${mine.rate}` : ''}
            {mine.signedOn ? ` (agreed on ${mine.signedOn})` : ''}.
          </p>
        ) : (
          <p>
            You are not approved for this programme yet. To apply, call client services on {SUPPORT_PHONE} or email{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
          </p>
        )}
        {canRefer && (
          <p>
            <button type="button" className="button button-primary" onClick={() => setReferring(true)}>
              Refer a client
            </button>
          </p>
        )}
        {programme === 'reseller' && mine?.approved && (
          <p>
            <Link to="/partner/accounts">Your client accounts</Link>
          </p>
        )}
        <p>
          <Link to={`/partner/benefits/${about.other}`}>About the {PROGRAMMES[about.other].name.toLowerCase()}</Link>
        </p>
      </section>
      <AddAccountDialog open={referring} programme="referrer" onClose={() => setReferring(false)} onCreated={created} />
    </>
  );
}

/** /partner/benefits/reseller and /partner/benefits/referrer: what each programme gives. */
export function BenefitsPage({ title, programme }: { title: string; programme: Programme }) {
  const [load] = useLoader(getProgrammes);
  return (
    <LoadedPage title={title} load={load} failedText={withContact(PROGRAMMES_FAILED)}>
      {(terms) => <Benefits programme={programme} terms={terms} />}
    </LoadedPage>
  );
}
