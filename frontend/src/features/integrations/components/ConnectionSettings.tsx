import type { Connection } from '../api/types';

const LABELS: Record<string, string> = {
  propertyId: 'Property',
  propertyUrl: 'Property URL',
  propertyType: 'Calls sent as',
  form_webhook_url: 'Webhook URL',
  form_ftp_host: 'FTP host',
  form_ftp_username: 'FTP username',
  form_ftp_file_name: 'File name',
};

const PROPERTY_TYPES: Record<string, string> = { '1': 'Events', '2': 'Virtual pageviews' };

function shown(name: string, value: string): string {
  return name === 'propertyType' ? PROPERTY_TYPES[value] ?? value : value;
}

/** What the connection was set up with (e.g. the Google Analytics property), when anything. */
export function ConnectionSettings({ connection }: { connection: Connection | null }) {
  const entries = Object.entries(connection?.settings ?? {}).filter(([, value]) => value !== '');
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
