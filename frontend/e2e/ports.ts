// The flows' ports, movable (E2E_PORT, E2E_DEMO_SITE_PORT) so that two checkouts can run flows at once.

/** The product under test. */
export const PORT = Number(process.env.E2E_PORT ?? 8181);
/** The customer's website that the website-check flows check (e2e/demo-site.mjs). */
export const DEMO_SITE_PORT = Number(process.env.E2E_DEMO_SITE_PORT ?? 8199);
