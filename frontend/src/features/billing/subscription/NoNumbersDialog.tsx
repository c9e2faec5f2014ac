import { Dialog } from '../../../components/Dialog';
import { SUPPORT_EMAIL, SUPPORT_PHONE } from '../../../lib/contact';

export const NO_NUMBERS_LEFT = 'You have reached your current numbers (or pools) limit';

/** Shown when the plan's numbers or pools are all used: contact by phone, email or live chat. */
export function NoNumbersDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      title="No numbers left"
      onClose={onClose}
      actions={
        <button type="button" className="button" onClick={onClose}>
          Close
        </button>
      }
    >
      <p>{NO_NUMBERS_LEFT}</p>
      <p>To add more, please get in touch:</p>
      <ul>
        <li>
          Phone: <a href={`tel:${SUPPORT_PHONE.replaceAll(' ', '')}`}>{SUPPORT_PHONE}</a>
        </li>
        <li>
          Email: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
        </li>
        <li>
          Live chat: <a href="/contactus">start a chat from our contact page</a>
        </li>
      </ul>
    </Dialog>
  );
}
