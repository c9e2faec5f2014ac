/** Where the server's list points every icon (public/integrations, under the app's /manage/ base). */
export function iconUrl(identifier: string): string {
  return `/manage/integrations/${identifier}.svg`;
}

// The same files, built into this script as data: URLs: the overview shows fifteen icons at
// once, and each was a request of about 1 KB as sent, most of it headers.
const BUNDLED = new Map(
  Object.entries(
    import.meta.glob<string>('../../../../public/integrations/*.svg', { eager: true, query: '?raw', import: 'default' }),
  ).map(([file, svg]) => [iconUrl(file.slice(file.lastIndexOf('/') + 1, -'.svg'.length)), svgDataUrl(svg)]),
);

function svgDataUrl(svg: string): string {
  return `data:image/svg+xml,${encodeURIComponent(svg.trim())}`;
}

/** The icon at `src`, from this script when it is one of the product's own. */
export function iconSource(src: string): string {
  return BUNDLED.get(src) ?? src;
}

/** Decorative: the title is always written next to it. */
export function IntegrationIcon({ src, size = 48 }: { src: string; size?: number }) {
  return <img className="integration-icon" src={iconSource(src)} alt="" width={size} height={size} />;
}
