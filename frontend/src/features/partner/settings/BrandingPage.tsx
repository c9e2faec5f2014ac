import { useState } from 'react';
import { LoadedPage } from '../../../components/LoadedPage';
import { TextField } from '../../../components/fields';
import { brandImageProblem, validateBrandingColours } from '../../../domain/partners';
import { validationErrors } from '../../../lib/api';
import { useAccount } from '../../../lib/account';
import { withContact } from '../../../lib/contact';
import { useLoader } from '../../../lib/useLoader';
import { useFieldMessages } from '../../../lib/useFieldMessages';
import { getBranding, saveBranding, type Branding } from '../api';
import { BRANDING_FAILED, BRANDING_READ_ONLY, BRANDING_SAVED, BRANDING_SAVE_FAILED } from '../messages';
import { ResultBanner, type Outcome } from '../../../components/ResultBanner';


/** A colour as a picker and the hex text it stands for, both labelled. */
function ColourField(props: {
  label: string;
  name: string;
  value: string;
  error?: string;
  disabled: boolean;
  onChange: (value: string) => void;
  onBlur: () => void;
}) {
  const hex = /^#[0-9a-fA-F]{6}$/.test(props.value) ? props.value : '#000000';
  return (
    <div className="colour-field">
      <input
        type="color"
        aria-label={`${props.label} (picker)`}
        value={hex.toLowerCase()}
        disabled={props.disabled}
        onChange={(event) => props.onChange(event.target.value)}
      />
      <TextField label={props.label} name={props.name} value={props.value} error={props.error} disabled={props.disabled} onChange={props.onChange} onBlur={props.onBlur} />
    </div>
  );
}

/** A PNG upload checked by the domain's image rule as soon as it is chosen. */
function ImageField(props: {
  label: string;
  name: string;
  favicon: boolean;
  current: string | null | undefined;
  remove: boolean;
  error?: string;
  disabled: boolean;
  onFile: (file: File | null, problem: string | undefined) => void;
  onRemove: (remove: boolean) => void;
}) {
  const id = `${props.name}-input`;
  return (
    <div className={`field${props.error ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>{props.label}</label>
      {props.current && !props.remove && <img className="brand-preview" src={props.current} alt={`Current ${props.label.toLowerCase()}`} />}
      <input
        id={id}
        type="file"
        accept="image/png"
        disabled={props.disabled}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${id}-error` : `${id}-hint`}
        onChange={async (event) => {
          const file = event.target.files?.[0] ?? null;
          if (!file) return props.onFile(null, undefined);
          const first = new Uint8Array(await file.slice(0, 8).arrayBuffer());
          props.onFile(file, brandImageProblem(props.favicon, first, file.size));
        }}
      />
      {props.error ? (
        <p id={`${id}-error`} className="field-error">
          {props.error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="field-hint">
          PNG, at most {props.favicon ? '50' : '200'} KB.
        </p>
      )}
      {props.current && (
        <label className="checkbox">
          <input type="checkbox" checked={props.remove} disabled={props.disabled} onChange={(e) => props.onRemove(e.target.checked)} /> Remove the current{' '}
          {props.label.toLowerCase()}
        </label>
      )}
    </div>
  );
}

function BrandingForm({ branding, onSaved }: { branding: Branding; onSaved: () => Promise<void> }) {
  const { reload } = useAccount();
  const [colours, setColours] = useState({ background: branding.topBarBackground, text: branding.topBarText });
  const [logo, setLogo] = useState<File | null>(null);
  const [favicon, setFavicon] = useState<File | null>(null);
  const [fileProblems, setFileProblems] = useState<Record<string, string | undefined>>({});
  const [removeLogo, setRemoveLogo] = useState(false);
  const [removeFavicon, setRemoveFavicon] = useState(false);
  const [saving, setSaving] = useState(false);
  const [banner, setBanner] = useState<Outcome | null>(null);
  // Bumped after a save, to empty the file inputs (they cannot be set from code).
  const [saves, setSaves] = useState(0);
  const errors = { ...validateBrandingColours(colours), ...Object.fromEntries(Object.entries(fileProblems).filter(([, v]) => v)) } as Record<string, string>;
  const { errorOf, left, touchAll, changed, setServerErrors } = useFieldMessages(errors);
  const readOnly = !branding.canEdit || saving;

  async function save() {
    touchAll(['form_top_bar_background', 'form_top_bar_text', 'form_logo', 'form_favicon']);
    setBanner(null);
    if (Object.keys(errors).length > 0) return;
    setSaving(true);
    try {
      await saveBranding({ ...colours, logo, favicon, removeLogo, removeFavicon });
      setBanner({ kind: 'success', text: BRANDING_SAVED });
      setLogo(null);
      setFavicon(null);
      setRemoveLogo(false);
      setRemoveFavicon(false);
      setSaves((n) => n + 1);
      await Promise.all([onSaved(), reload()]);
    } catch (error) {
      const fields = validationErrors(error);
      if (fields) setServerErrors(fields);
      setBanner({ kind: 'error', text: withContact(BRANDING_SAVE_FAILED) });
    } finally {
      setSaving(false);
    }
  }

  const colour = (key: 'background' | 'text', name: string, label: string) => (
    <ColourField
      label={label}
      name={name}
      value={colours[key]}
      error={errorOf(name)}
      disabled={readOnly}
      onChange={(value) => {
        setColours({ ...colours, [key]: value });
        changed(name);
        left(name);
      }}
      onBlur={() => left(name)}
    />
  );

  return (
    <form
      noValidate
      className="card settings-form"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <ResultBanner outcome={banner} />
      {!branding.canEdit && <p>{BRANDING_READ_ONLY}</p>}
      <h2>Top bar</h2>
      {/* A picture of the colours, unreadable ones too (the contrast rule says so in words). */}
      <svg className="top-bar-preview" role="img" aria-label={`Top bar preview: ${colours.text} text on ${colours.background}`} viewBox="0 0 400 48" preserveAspectRatio="xMinYMid meet">
        <rect width="400" height="48" fill={colours.background} />
        <text x="16" y="30" fill={colours.text} fontSize="16">
          Your clients’ top bar
        </text>
      </svg>
      {colour('background', 'form_top_bar_background', 'Background colour')}
      {colour('text', 'form_top_bar_text', 'Text colour')}
      <h2>Images</h2>
      <ImageField
        key={`logo-${saves}`}
        label="Logo"
        name="form_logo"
        favicon={false}
        current={branding.logoUrl}
        remove={removeLogo}
        error={errorOf('form_logo')}
        disabled={readOnly}
        onFile={(file, problem) => {
          setLogo(problem ? null : file);
          setFileProblems({ ...fileProblems, form_logo: problem });
          changed('form_logo');
          left('form_logo');
        }}
        onRemove={setRemoveLogo}
      />
      <ImageField
        key={`favicon-${saves}`}
        label="Favicon"
        name="form_favicon"
        favicon
        current={branding.faviconUrl}
        remove={removeFavicon}
        error={errorOf('form_favicon')}
        disabled={readOnly}
        onFile={(file, problem) => {
          setFavicon(problem ? null : file);
          setFileProblems({ ...fileProblems, form_favicon: problem });
          changed('form_favicon');
          left('form_favicon');
        }}
        onRemove={setRemoveFavicon}
      />
      {branding.canEdit && (
        <div className="form-actions">
          <button type="submit" className="button button-primary" disabled={saving} aria-busy={saving || undefined}>
            {saving ? 'Saving…' : 'Save'}
          </button>
        </div>
      )}
    </form>
  );
}

/** /partner/settings: the partner's branding, shown in its portal and its clients' admin area. */
export function BrandingPage({ title }: { title: string }) {
  const [load, reload] = useLoader(getBranding);
  return (
    <LoadedPage title={title} load={load} failedText={withContact(BRANDING_FAILED)}>
      {(branding) => <BrandingForm branding={branding} onSaved={reload} />}
    </LoadedPage>
  );
}
