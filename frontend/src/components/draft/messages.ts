// The draft's words in the browser; the banner, conflicts and schedule texts are the server's
// (domain routing::draft).
export const DRAFT_OPENED = 'Draft opened: the routing editors now save into it. Live calls are unchanged.';
export const DRAFT_DISCARDED = 'Draft discarded: live routing is unchanged.';
export const DRAFT_PUBLISHED = 'Draft published: its changes are live from the next call.';
export const SCHEDULE_SAVED = 'Schedule saved.';
export const SCHEDULE_CANCELLED = 'Schedule cancelled: the draft stays a draft.';
export const RETURN_CANCELLED = 'Return to normal cancelled: routing stays as it is.';
export const CONFLICT_RESOLVED = 'The draft is up to date for that record.';
export const DRAFT_FAILED = 'The draft could not be changed just now. Please try again.';
export const DRAFT_LOAD_FAILED = 'The routing draft could not be loaded. Please reload the page.';
export const OPEN_HINT =
  'Prepare routing changes without touching live calls: hear them with a test call, then publish them at once or at a set time.';
