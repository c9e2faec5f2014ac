// The failure texts of the routing editors (spec section 8).
import { withContact } from '../../../lib/contact';

export { SOMETHING_WENT_WRONG } from '../../../components/PasswordConfirmDialog';

/** Routing, audio-list and IVR-list load failures. */
export const ROUTING_FAILED = withContact(
  'Something went wrong. Please try again or contact us at {phone} or via email at {email}.',
);
/** A destination plan save that failed for any reason but its fields. */
export const DESTINATION_PLAN_FAILED = withContact(
  'Something went wrong. Please contact us at {phone} or via email at {email}.',
);
/** An audio upload or update that failed for any reason but its fields. */
export const AUDIO_FAILED = 'Something went wrong please try again.';

export const HEADS_UP = 'Heads up! Changing this record will affect other pools/numbers';

/** An IVR save that failed for any reason but its fields. */
export const IVR_SAVE_FAILED = withContact('Something went wrong please contact us at {phone} or via email at {email}.');
/** A clone of a multi-level IVR that failed without the server saying why. */
export const IVR_FAILED = 'Something went wrong, please try again.';
/** The multi-level IVR price could not be loaded (Add stays disabled). */
export const PRICE_FAILED = 'Something went wrong.';
