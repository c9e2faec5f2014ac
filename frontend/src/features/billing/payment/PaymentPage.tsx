import { useEffect, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PageHeading } from '../../../components/PageHeading';
import { isPermissionError, PermissionError } from '../../../components/PermissionError';
import { withContact } from '../../../lib/contact';
import { useLoader } from '../../../lib/useLoader';
import { SectionLoading } from '../../../components/SectionLoading';
import { getBillingDetails } from '../details/api';
import { confirmCard, getCardParams, type CardParams } from './api';
import { now } from '../../../lib/clock';
import { cardFieldErrors } from '../../../domain/pages';

export const CARD_UPDATED = 'Your credit card details have been updated successfully.';
export const CARD_FAILED = 'Your credit card details could not be updated. Please try again or contact us at {email} or call {phone}.';
export const PARAMS_FAILED = 'Your payment details could not be loaded. Please try again or contact us at {email} or call {phone}.';


type Outcome = { kind: 'none' } | { kind: 'checking' } | { kind: 'success' } | { kind: 'failed' };

/** Checks a successful answer with the server once; a general error or field errors just show. */
function useReturn(query: URLSearchParams, clear: () => void): Outcome {
  const [outcome, setOutcome] = useState<Outcome>(() =>
    query.get('success') === '1' ? { kind: 'checking' } : query.get('generalError') ? { kind: 'failed' } : { kind: 'none' },
  );
  useEffect(() => {
    if (outcome.kind !== 'checking') return;
    // The answer is used once: a reload must not send it again.
    // A success leaves the page (replacing this address); a failure stays, without the answer.
    confirmCard(query).then(
      (answer) => {
        if (!answer.success) clear();
        setOutcome({ kind: answer.success ? 'success' : 'failed' });
      },
      () => {
        clear();
        setOutcome({ kind: 'failed' });
      },
    );
    // Once, for the answer the page was opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return outcome;
}

function Field({ id, label, name, error, hint, ...input }: {
  id: string;
  label: string;
  name: string;
  error?: string;
  hint?: string;
  autoComplete: string;
  inputMode?: 'numeric' | 'text';
  maxLength: number;
  defaultValue?: string;
}) {
  const described = error ? `${id}-error` : hint ? `${id}-hint` : undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={name} type="text" required aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && !error && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}

/** The card form: an ordinary post straight to the provider's page, never through our server. */
function CardForm({ params, query, portal }: { params: CardParams; query: URLSearchParams; portal: string }) {
  // The provider sends refused fields back as flags in the address (nameError=1); the domain has their texts.
  const refused = cardFieldErrors().filter((e) => query.get(e.flag) === '1');
  const error = (field: string) => refused.find((e) => e.field === field)?.message;
  return (
    <form method="post" action={params.actionURL} className="card billing-form">
      <input type="hidden" name="ACCEPTURL" value={params.accepturl} />
      <input type="hidden" name="EXCEPTIONURL" value={params.exceptionurl} />
      <input type="hidden" name="ORDERID" value={params.orderid} />
      <input type="hidden" name="PSPID" value={params.pspid} />
      <input type="hidden" name="SHASIGN" value={params.shasign} />
      <input type="hidden" name="BROWSERLANGUAGE" value={navigator.language} />
      <input type="hidden" name="BROWSERSCREENWIDTH" value={String(window.screen.width)} />
      <input type="hidden" name="BROWSERSCREENHEIGHT" value={String(window.screen.height)} />
      <input type="hidden" name="BROWSERTIMEZONE" value={String(new Date(now()).getTimezoneOffset())} />
      <Field
        id="card-name"
        label="Name on card"
        name={params.paymentCardName}
        error={error('name')}
        autoComplete="cc-name"
        maxLength={80}
        defaultValue={query.get('name') ?? undefined}
      />
      <Field
        id="card-number"
        label="Card number"
        name={params.paymentCardNumber}
        error={error('number')}
        autoComplete="cc-number"
        inputMode="numeric"
        maxLength={23}
      />
      <Field
        id="card-expiry"
        label="Expiry (MMYY)"
        name={params.paymentExpiryDate}
        error={error('date')}
        autoComplete="cc-exp"
        inputMode="numeric"
        maxLength={4}
        defaultValue={query.get('date') ?? undefined}
      />
      <Field
        id="card-cvc"
        label="CVC"
        name="CVC"
        error={error('cvc')}
        hint="Three digits on the back of your card."
        autoComplete="cc-csc"
        inputMode="numeric"
        maxLength={3}
      />
      <div className="form-actions">
        <Link className="button" to={`${portal}/billing/details`}>
          Back
        </Link>
        <button type="submit" className="button button-primary">
          Save
        </button>
      </div>
    </form>
  );
}

/** /billing/details/payment: the card update, for card payers; `portal` is '' or the
 * technology partner's '/technologypartner'. */
export function PaymentPage({ title, portal = '' }: { title: string; portal?: string }) {
  const [query, setQuery] = useSearchParams();
  const outcome = useReturn(query, () => setQuery({}, { replace: true }));
  const [details] = useLoader(getBillingDetails);
  const cardPayer = details.status === 'ready' && details.data.paymentMethodType === '1';
  // A fresh order each time the form is shown (an order is used once).
  const [params] = useLoader(cardPayer && outcome.kind !== 'checking' ? getCardParams : null, [cardPayer, outcome.kind]);

  if (details.status === 'ready' && !cardPayer) return <Navigate to={`${portal}/billing/details`} replace />;
  // Done: back to the billing details, which show the new card, with the confirmation.
  if (outcome.kind === 'success') return <Navigate to={`${portal}/billing/details`} replace state={{ notice: CARD_UPDATED }} />;
  if (details.status === 'failed' && isPermissionError(details.error)) return <PermissionError />;
  return (
    <>
      <PageHeading title={title} />
      {outcome.kind === 'failed' && (
        <p role="alert" className="banner banner-error">
          {withContact(CARD_FAILED)}
        </p>
      )}
      {(details.status === 'loading' || outcome.kind === 'checking' || (cardPayer && params.status === 'loading')) && (
        <SectionLoading />
      )}
      {(details.status === 'failed' || params.status === 'failed') && (
        <p role="alert" className="banner banner-error">
          {withContact(PARAMS_FAILED)}
        </p>
      )}
      {outcome.kind !== 'checking' && params.status === 'ready' && <CardForm params={params.data} query={query} portal={portal} />}
    </>
  );
}
