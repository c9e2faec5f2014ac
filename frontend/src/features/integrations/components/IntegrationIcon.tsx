/** Where the server's list points every icon (public/integrations, under the app's /manage/ base). */
export function iconUrl(identifier: string): string {
  return `/manage/integrations/${identifier}.svg`;
}

/** Decorative: the title is always written next to it. */
export function IntegrationIcon({ src, size = 48 }: { src: string; size?: number }) {
  return <img className="integration-icon" src={src} alt="" width={size} height={size} />;
}
