/** What a Test call or Call button asks of the phone. */
export type PhoneRequest = { kind: 'test'; entryId: number; number: string } | { kind: 'out'; number: string };

/** A request as the panel gets it: `n` tells a second click on the same button from the first. */
export type PanelRequest = PhoneRequest & { n: number };
