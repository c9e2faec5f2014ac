import { useId } from 'react';
import { CheckboxField, SelectField, TextField } from '../../../components/fields';
import type { UserDetailsContext } from '../api/types';
import type { FormValues } from './userFormState';

export const IDENTITY_NOT_EDITABLE =
  'This user also has access to accounts you do not manage, so you can change only their access to your accounts.';
export const IDENTITY_ABOVE_EDITOR =
  'This user has a higher level than yours on one of your accounts, so you can change only their access to your accounts.';

const PROVISIONING = [
  { value: '0', label: 'Read Only' },
  { value: '2', label: 'Read & Write' },
];

export interface MainDetailsProps {
  values: FormValues;
  context: UserDetailsContext;
  onChange: <K extends keyof FormValues>(key: K, value: FormValues[K]) => void;
  onBlur: (key: keyof FormValues) => void;
  errorOf: (key: keyof FormValues) => string | undefined;
}

export function MainDetails({ values, context, onChange, onBlur, errorOf }: MainDetailsProps) {
  const headingId = useId();
  const locked = !context.identityEditable;
  const text = (key: 'firstName' | 'lastName' | 'email') => ({
    value: values[key],
    readOnly: locked,
    onChange: (value: string) => onChange(key, value),
    onBlur: () => onBlur(key),
    error: errorOf(key),
  });
  return (
    <section className="card form-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Main details</h2>
      {locked && (
        <p className="banner banner-warning" role="note">
          {context.hasOtherAccounts === false ? IDENTITY_ABOVE_EDITOR : IDENTITY_NOT_EDITABLE}
        </p>
      )}
      <div className="form-columns">
        <TextField label="First name" name="form_first_name" autoComplete="off" {...text('firstName')} />
        <TextField label="Last name" name="form_last_name" autoComplete="off" {...text('lastName')} />
        <TextField label="Email" name="form_email" type="email" autoComplete="off" {...text('email')} />
        {context.accountHasAuthCode && (
          <SelectField
            label="Authority code"
            name="form_auth_code"
            value={values.authCode}
            placeholder="Select an authority code"
            options={(context.authCodes ?? []).map((code) => ({ value: String(code.value), label: code.label }))}
            onChange={(value) => onChange('authCode', value)}
            onBlur={() => onBlur('authCode')}
            error={errorOf('authCode')}
          />
        )}
        <SelectField
          label="Customer"
          name="form_customer"
          value={values.customer}
          placeholder={locked ? undefined : 'Select a customer'}
          disabled={locked}
          options={(context.customers ?? []).map((customer) => ({ value: String(customer.id), label: customer.name }))}
          onChange={(value) => onChange('customer', value)}
          onBlur={() => onBlur('customer')}
          error={errorOf('customer')}
        />
        <SelectField
          label="Provisioning"
          name="form_provisioning"
          value={values.provisioning}
          options={PROVISIONING}
          onChange={(value) => onChange('provisioning', value)}
          error={errorOf('provisioning')}
        />
      </div>
      <CheckboxField
        label="Call recording access"
        name="form_recordings"
        checked={values.callRecording === '1'}
        disabled={locked || !(context.accountHasInboundRecording && context.editorCanAccessRecordings)}
        onChange={(checked) => onChange('callRecording', checked ? '1' : '0')}
        error={errorOf('callRecording')}
      />
    </section>
  );
}
