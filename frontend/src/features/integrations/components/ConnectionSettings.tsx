import type { Connection } from '../api/types';

const LABELS: Record<string, string> = {
  propertyId: 'Property',
  propertyUrl: 'Property URL',
  propertyType: 'Calls sent as',
  form_webhook_url: 'Webhook URL',
  form_ftp_protocol: 'Protocol',
  form_ftp_host: 'FTP host',
  form_ftp_port: 'Port',
  form_ftp_username: 'FTP username',
  form_ftp_file_name: 'File name',
};

const PROPERTY_TYPES: Record<string, string> = { '1': 'Events', '2': 'Virtual pageviews' };
const PROTOCOLS: Record<string, string> = { ftp: 'FTP', sftp: 'SFTP' };
/** Google Ads' and HubSpot's choices: their own form shows them. */
const SHOWN_BY_THEIR_FORM = new Set(['accountId', 'accountName', 'sends']);

function shown(name: string, value: string): string {
  if (name === 'propertyType') return PROPERTY_TYPES[value] ?? value;
  if (name === 'form_ftp_protocol') return PROTOCOLS[value] ?? value;
  return value;
}

/** What the connection was set up with (e.g. the Google Analytics property), when anything. */
export function ConnectionSettings({ connection }: { connection: Connection | null }) {
  const entries = Object.entries(connection?.settings ?? {}).filter(
    ([name, value]) => value !== '' && !SHOWN_BY_THEIR_FORM.has(name),
  );
  if (entries.length === 0) return null;
  return (
    <dl className="connection-settings">
      {entries.map(([name, value]) => (
        <div key={name}>
          <dt>{LABELS[name] ?? name}</dt>
          <dd>{shown(name, value)}</dd>
        </div>
      ))}
    </dl>
  );
}
