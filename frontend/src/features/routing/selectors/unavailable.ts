// Why the issue-4 selectors cannot add or edit yet (their buttons' titles).
export const IVRS_UNAVAILABLE = 'IVRs come with IVR menus, which are not available yet.';
export const DYNAMIC_WHISPERS_UNAVAILABLE = 'Dynamic whispers are not available yet.';
export const ATTRIBUTIONS_UNAVAILABLE = 'In-call attribution plans are not available yet.';

/** The add and edit handlers of a selector whose editor does not exist yet. */
export const nothing = () => {};
