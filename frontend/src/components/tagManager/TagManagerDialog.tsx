import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Dialog } from '../Dialog';
import { SelectField } from '../fields';
import { campaignReference } from '../../domain/routing';
import { ApiError } from '../../lib/api';
import { useAccount } from '../../lib/account';
import {
  createTagManagerTag,
  createTagManagerVersion,
  getTagManagerAccounts,
  getTagManagerContainers,
  getTagManagerWorkspaceStatus,
  getTagManagerWorkspaces,
  publishTagManagerVersion,
  type TagManagerItem,
} from './api';

export const TAG_MANAGER_TITLE = 'Tag manager setup';
/** Spec section 8: any tag manager failure but "already set up". */
export const TAG_MANAGER_FAILED = 'Something went wrong. Please try again or contact us.';

interface Choices {
  account?: TagManagerItem;
  container?: TagManagerItem;
  workspace?: TagManagerItem;
}

type PickLevel = 'account' | 'container' | 'workspace';

interface PickStep {
  kind: 'pick';
  level: PickLevel;
  items: TagManagerItem[];
  choices: Choices;
  /** The choice the user made before this one, for Back (null when nothing was chosen by hand). */
  previous: PickStep | null;
}

/**
 * The dialog's states (spec section 4): 1 loading (and picking, between loads), 2 no tag manager
 * ('none', also when an account or container has nothing in it), 3 already set up, 4 tag created
 * but to publish manually, 5 error, 6 created and published. 'working' is state 1 while the tag,
 * the version or the publication is being made: the dialog cannot be closed then.
 */
type Step =
  | { kind: 'loading'; text: string; choices: Choices }
  | PickStep
  | { kind: 'working'; text: string; choices: Choices }
  | { kind: 'none'; text: string; choices: Choices }
  | { kind: 'already'; choices: Choices }
  | { kind: 'manual'; choices: Choices }
  | { kind: 'error'; retry: () => void; choices: Choices }
  | { kind: 'published'; choices: Choices };

const LOADING_ACCOUNTS = 'Looking for your tag manager accounts…';

interface Flow {
  start: () => Promise<void>;
  choose: (step: PickStep, item: TagManagerItem) => Promise<void>;
}

/**
 * The setup flow: accounts, containers and workspaces (each chosen automatically when there is
 * only one), the tag, the workspace status, then a version and its publication when the
 * workspace allows it. Nothing is shown once `signal` is aborted: answers of cancelled requests
 * are ignored.
 */
function tagManagerFlow(signal: AbortSignal, show: (step: Step) => void, campaignRef: string): Flow {
  const live = () => !signal.aborted;
  const display = (step: Step) => {
    if (live()) show(step);
  };
  const fail = (retry: () => Promise<void>, choices: Choices) =>
    display({ kind: 'error', retry: () => void retry(), choices });

  async function loadAccounts(): Promise<void> {
    const choices: Choices = {};
    display({ kind: 'loading', text: LOADING_ACCOUNTS, choices });
    let accounts: TagManagerItem[];
    try {
      accounts = await getTagManagerAccounts(signal);
    } catch {
      return fail(loadAccounts, choices);
    }
    if (!live()) return;
    if (accounts.length === 0) {
      display({ kind: 'none', text: 'No tag manager account was found for your account.', choices });
    } else if (accounts.length === 1) {
      await loadContainers({ account: accounts[0] }, null);
    } else {
      display({ kind: 'pick', level: 'account', items: accounts, choices, previous: null });
    }
  }

  async function loadContainers(choices: Choices, previous: PickStep | null): Promise<void> {
    display({ kind: 'loading', text: 'Loading the containers…', choices });
    let containers: TagManagerItem[];
    try {
      containers = await getTagManagerContainers(choices.account!.path, signal);
    } catch {
      return fail(() => loadContainers(choices, previous), choices);
    }
    if (!live()) return;
    if (containers.length === 0) {
      display({
        kind: 'none',
        text: `The tag manager account ${choices.account!.name} has no containers. Add a container for your website in your tag manager, then open this again.`,
        choices,
      });
    } else if (containers.length === 1) {
      await loadWorkspaces({ ...choices, container: containers[0] }, previous);
    } else {
      display({ kind: 'pick', level: 'container', items: containers, choices, previous });
    }
  }

  async function loadWorkspaces(choices: Choices, previous: PickStep | null): Promise<void> {
    display({ kind: 'loading', text: 'Loading the workspaces…', choices });
    let workspaces: TagManagerItem[];
    try {
      workspaces = await getTagManagerWorkspaces(choices.container!.path, signal);
    } catch {
      return fail(() => loadWorkspaces(choices, previous), choices);
    }
    if (!live()) return;
    if (workspaces.length === 0) {
      display({
        kind: 'none',
        text: `The container ${choices.container!.name} has no workspaces. Add a workspace in your tag manager, then open this again.`,
        choices,
      });
    } else if (workspaces.length === 1) {
      await createTag({ ...choices, workspace: workspaces[0] });
    } else {
      display({ kind: 'pick', level: 'workspace', items: workspaces, choices, previous });
    }
  }

  async function createTag(choices: Choices): Promise<void> {
    display({ kind: 'working', text: 'Creating the call tracking tag…', choices });
    let tag: TagManagerItem;
    try {
      tag = await createTagManagerTag(choices.workspace!.path, campaignRef, signal);
    } catch (error) {
      if (live() && error instanceof ApiError && error.status === 400) {
        display({ kind: 'already', choices });
        return;
      }
      return fail(() => createTag(choices), choices);
    }
    if (!live()) return;
    await checkWorkspace(choices, tag);
  }

  async function checkWorkspace(choices: Choices, tag: TagManagerItem): Promise<void> {
    display({ kind: 'loading', text: 'Checking the workspace…', choices });
    let action: 'publish' | 'manual';
    try {
      action = await getTagManagerWorkspaceStatus(choices.workspace!.path, tag.path, signal);
    } catch {
      return fail(() => checkWorkspace(choices, tag), choices);
    }
    if (!live()) return;
    if (action === 'manual') display({ kind: 'manual', choices });
    else await createVersion(choices);
  }

  async function createVersion(choices: Choices): Promise<void> {
    display({ kind: 'working', text: 'Creating a container version…', choices });
    let version: string;
    try {
      version = await createTagManagerVersion(choices.workspace!.path, signal);
    } catch {
      return fail(() => createVersion(choices), choices);
    }
    if (!live()) return;
    await publish(choices, version);
  }

  async function publish(choices: Choices, version: string): Promise<void> {
    display({ kind: 'working', text: 'Publishing the container version…', choices });
    try {
      await publishTagManagerVersion(version, signal);
    } catch {
      return fail(() => publish(choices, version), choices);
    }
    display({ kind: 'published', choices });
  }

  async function choose(step: PickStep, item: TagManagerItem): Promise<void> {
    if (step.level === 'account') await loadContainers({ account: item }, step);
    else if (step.level === 'container') await loadWorkspaces({ ...step.choices, container: item }, step);
    else await createTag({ ...step.choices, workspace: item });
  }

  return { start: loadAccounts, choose };
}

export interface TagManagerDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * 'Tag manager setup': adds the call tracking tag to the customer's tag manager container and
 * publishes it when the workspace allows. Closing cancels the requests in flight.
 */
export function TagManagerDialog({ open, onClose }: TagManagerDialogProps) {
  if (!open) return null;
  return <TagManagerSetup onClose={onClose} />;
}

const PICK_TEXT: Record<PickLevel, { label: string; placeholder: string; text: string }> = {
  account: {
    label: 'Tag manager account',
    placeholder: 'Choose an account',
    text: 'Choose the tag manager account of your website.',
  },
  container: {
    label: 'Container',
    placeholder: 'Choose a container',
    text: 'Choose the container of the website that should show your call tracking numbers.',
  },
  workspace: {
    label: 'Workspace',
    placeholder: 'Choose a workspace',
    text: 'Choose the workspace to add the call tracking tag to.',
  },
};

function TagManagerSetup({ onClose }: { onClose: () => void }) {
  const { account } = useAccount();
  // The tag's campaign reference: the account code, or the customer id when there is none.
  const campaignRef = campaignReference(account);
  const [step, setStep] = useState<Step>({ kind: 'loading', text: LOADING_ACCOUNTS, choices: {} });
  const [picked, setPicked] = useState('');
  const controller = useRef<AbortController | null>(null);
  const flow = useRef<Flow | null>(null);
  const content = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const current = new AbortController();
    controller.current = current;
    flow.current = tagManagerFlow(current.signal, setStep, campaignRef);
    void flow.current.start();
    return () => current.abort();
  }, [campaignRef]);

  // A new step replaces the buttons: keep the focus inside the dialog.
  useEffect(() => {
    setPicked('');
    const node = content.current;
    const panel = node?.closest<HTMLElement>('[role="dialog"]');
    if (!node || !panel) return;
    const active = document.activeElement;
    // A control the user is on keeps the focus; the panel, this wrapper or nothing hands it over.
    if (active && active !== panel && active !== node && panel.contains(active)) return;
    (panel.querySelector<HTMLElement>('[data-autofocus]') ?? node.querySelector<HTMLElement>('select') ?? node).focus();
  }, [step]);

  const working = step.kind === 'working';

  function close() {
    if (working) return;
    controller.current?.abort();
    onClose();
  }

  function submitPick() {
    if (step.kind !== 'pick') return;
    const item = step.items.find((candidate) => candidate.path === picked);
    if (item) void flow.current?.choose(step, item);
  }

  const closeButton = (primary: boolean) => (
    <button
      type="button"
      className={primary ? 'button button-primary' : 'button'}
      onClick={close}
      data-autofocus={primary || undefined}
    >
      Close
    </button>
  );

  let body: ReactNode;
  let actions: ReactNode;
  switch (step.kind) {
    case 'loading':
    case 'working':
      body = (
        <div className="section-loading" role="status" aria-live="polite">
          <span className="spinner" aria-hidden="true" />
          <span>{step.text}</span>
        </div>
      );
      // The close button is hidden while the tag, the version or the publication is being made.
      actions = working ? undefined : closeButton(false);
      break;
    case 'pick': {
      const text = PICK_TEXT[step.level];
      body = (
        <>
          <p>{text.text}</p>
          <SelectField
            label={text.label}
            name={`tagmanager_${step.level}`}
            value={picked}
            placeholder={text.placeholder}
            options={step.items.map((item) => ({ value: item.path, label: item.name }))}
            onChange={setPicked}
          />
        </>
      );
      actions = (
        <>
          {step.previous && (
            <button type="button" className="button" onClick={() => setStep(step.previous!)}>
              Back
            </button>
          )}
          {closeButton(false)}
          <button type="submit" className="button button-primary" disabled={picked === ''}>
            Continue
          </button>
        </>
      );
      break;
    }
    case 'none':
      body = (
        <Outcome title="No tag manager">
          <p>{step.text}</p>
        </Outcome>
      );
      actions = closeButton(true);
      break;
    case 'already':
      body = (
        <Outcome title="Already set up">
          <p>
            Tag manager is already set up for {step.choices.container?.name ?? 'this container'}: the call tracking
            tag is in it, so there is nothing more to do.
          </p>
        </Outcome>
      );
      actions = closeButton(true);
      break;
    case 'manual':
      body = (
        <Outcome title="Tag created: publish it manually">
          <p>
            The call tracking tag was added to the workspace {step.choices.workspace?.name} of{' '}
            {step.choices.container?.name}. The workspace has other changes that are not published yet, so it was
            not published for you: publish the workspace in your tag manager to make the tag live.
          </p>
        </Outcome>
      );
      actions = closeButton(true);
      break;
    case 'error':
      body = (
        <p role="alert" className="banner banner-error">
          {TAG_MANAGER_FAILED}
        </p>
      );
      actions = (
        <>
          {closeButton(false)}
          <button type="button" className="button button-primary" onClick={step.retry} data-autofocus>
            Retry
          </button>
        </>
      );
      break;
    case 'published':
      body = (
        <Outcome title="Tag created and published">
          <p>
            The call tracking tag was added to {step.choices.container?.name} and published: it is live on your
            website.
          </p>
        </Outcome>
      );
      actions = closeButton(true);
      break;
  }

  const { account: chosenAccount, container, workspace } = step.choices;
  return (
    <Dialog
      open
      title={TAG_MANAGER_TITLE}
      onClose={close}
      onSubmit={step.kind === 'pick' ? submitPick : undefined}
      busy={working}
      actions={actions}
    >
      <div ref={content} className="tagmanager" tabIndex={-1} aria-busy={step.kind === 'loading' || working}>
        {chosenAccount && (
          <dl className="tagmanager-choices">
            <div>
              <dt>Account</dt>
              <dd>{chosenAccount.name}</dd>
            </div>
            {container && (
              <div>
                <dt>Container</dt>
                <dd>{container.name}</dd>
              </div>
            )}
            {workspace && (
              <div>
                <dt>Workspace</dt>
                <dd>{workspace.name}</dd>
              </div>
            )}
          </dl>
        )}
        {body}
      </div>
    </Dialog>
  );
}

function Outcome({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="status" className="tagmanager-outcome">
      <h3 className="tagmanager-outcome-title">{title}</h3>
      {children}
    </div>
  );
}
