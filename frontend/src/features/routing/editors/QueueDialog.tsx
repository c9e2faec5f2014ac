import { useMemo } from 'react';
import { Dialog } from '../../../components/Dialog';
import { SelectField, TextField } from '../../../components/fields';
import { routingConstants, validateQueue } from '../../../domain/routing';
import { type QueueForm } from '../../../domain';
import type { FormFields } from '../../../lib/api';
import { saveQueue, type Queue } from '../api/editors';
import { AudioSelector } from '../selectors/AudioSelector';
import { useRoutingLibrary } from '../selectors/RoutingLibrary';
import { EditorActions, type SaveAction } from './EditorActions';
import { EditorBanner, EditorLoadState } from './EditorStates';
import { useEditorForm } from './useEditorForm';
import { QueueImpactNote } from './ImpactSummary';
import { RecordHistoryLink } from './RecordHistoryLink';

export interface QueueDialogProps {
  open: boolean;
  /** The queue to edit; 0 adds a new one. */
  id: number;
  onClose: () => void;
  /** After a save, with the queue's id; the queue list has reloaded. */
  onSaved: (id: number) => void;
}

type AudioKey = 'welcomeAudio' | 'audio1' | 'audio2' | 'audio3' | 'nextInLineAudio' | 'queueFullAudio';

const KNOWN = new Set([
  'form_description',
  'form_max_calls',
  'form_lines_qty',
  'form_hold_music',
  'form_message_mode',
  'form_message_interval',
  'form_welcome_audio',
  'form_audio_1',
  'form_audio_2',
  'form_audio_3',
  'form_next_in_line_audio',
  'form_queue_full_audio',
]);
const known = (key: string) => KNOWN.has(key);

const AUDIOS: [AudioKey, string, string][] = [
  ['welcomeAudio', 'Welcome audio', 'form_welcome_audio'],
  ['audio1', 'Message 1 audio', 'form_audio_1'],
  ['audio2', 'Message 2 audio', 'form_audio_2'],
  ['audio3', 'Message 3 audio', 'form_audio_3'],
  ['nextInLineAudio', 'Next in line audio', 'form_next_in_line_audio'],
  ['queueFullAudio', 'Queue full audio', 'form_queue_full_audio'],
];

function formOf(queue: Queue | undefined): QueueForm {
  const n = (value: unknown) => Number(value) || 0;
  return {
    description: queue?.description ?? '',
    maxCalls: queue ? String(queue.maxCalls ?? '') : '',
    linesQty: queue ? String(queue.quantityOfLines ?? '') : '',
    holdMusic: n(queue?.holdMusic),
    messageMode: n(queue?.apologyMode),
    messageInterval: n(queue?.apologyInterval),
    welcomeAudio: n(queue?.welcomeAudio),
    audio1: n(queue?.message1Audio),
    audio2: n(queue?.message2Audio),
    audio3: n(queue?.message3Audio),
    nextInLineAudio: n(queue?.nextInLineAudio),
    queueFullAudio: n(queue?.queueFullAudio),
  };
}

function saveFields(form: QueueForm): FormFields {
  return {
    form_description: form.description,
    form_welcome_audio: form.welcomeAudio,
    form_audio_1: form.audio1,
    form_audio_2: form.audio2,
    form_audio_3: form.audio3,
    form_next_in_line_audio: form.nextInLineAudio,
    form_queue_full_audio: form.queueFullAudio,
    form_hold_music: form.holdMusic,
    form_max_calls: form.maxCalls.trim(),
    form_lines_qty: form.linesQty.trim(),
    form_message_mode: form.messageMode,
    form_message_interval: form.messageInterval,
  };
}

/** The queue dialog: size, hold music, messages and their audio. */
export function QueueDialog(props: QueueDialogProps) {
  const library = useRoutingLibrary();
  if (!props.open) return null;
  const title = props.id ? 'Edit queue' : 'Add queue';
  const { queues } = library;
  if (queues.status !== 'ready') {
    return <EditorLoadState title={title} failed={queues.status === 'failed'} onClose={props.onClose} />;
  }
  const record = props.id ? queues.items.find((queue) => queue.id === props.id) : undefined;
  if (props.id && !record) return <EditorLoadState title={title} failed onClose={props.onClose} />;
  return <QueueEditor key={props.id} {...props} title={title} initial={formOf(record)} />;
}

function QueueEditor({ id, title, initial, onClose, onSaved }: QueueDialogProps & { title: string; initial: QueueForm }) {
  const library = useRoutingLibrary();
  const constants = useMemo(() => routingConstants(), []);
  const { content, form, change, errorOf, unplaced, saving, busy, failure, save } = useEditorForm({ noun: 'Queue',
    initial,
    validate: validateQueue,
    items: library.queues.items,
    id,
    known,
  });

  function submit(action: SaveAction) {
    void save(
      action,
      async (asNew) => {
        const savedId = await saveQueue(asNew ? 0 : id, saveFields(form));
        await library.reloadQueues();
        return savedId;
      },
      { done: onSaved },
    );
  }

  const choice = (value: number) => (value ? String(value) : '');
  return (
    <Dialog
      open
      title={title}
      onClose={onClose}
      onSubmit={() => submit(id ? 'update' : 'save')}
      busy={busy}
      actions={
        <EditorActions
          existing={Boolean(id)}
          saving={saving}
          onCancel={onClose}
          onSaveAsNew={() => submit('saveAsNew')}
          newLabel="Add"
          newBusyLabel="Adding…"
        />
      }
    >
      <div ref={content} className="queue-editor">
        <RecordHistoryLink kind="queue" id={id} />
        <EditorBanner messages={[...unplaced, failure]} />
        <TextField
          label="Description"
          name="form_description"
          value={form.description}
          error={errorOf('form_description')}
          onChange={(description) => change({ description }, 'form_description')}
          disabled={busy}
        />
        <div className="form-columns">
          <TextField
            label="Maximum calls in queue"
            name="form_max_calls"
            inputMode="numeric"
            value={form.maxCalls}
            error={errorOf('form_max_calls')}
            onChange={(maxCalls) => change({ maxCalls }, 'form_max_calls')}
            disabled={busy}
          />
          <TextField
            label="Quantity of lines"
            name="form_lines_qty"
            inputMode="numeric"
            value={form.linesQty}
            error={errorOf('form_lines_qty')}
            onChange={(linesQty) => change({ linesQty }, 'form_lines_qty')}
            disabled={busy}
          />
          <SelectField
            label="Hold music"
            name="form_hold_music"
            value={choice(form.holdMusic)}
            placeholder="Select a genre"
            options={constants.holdMusic.map((c) => ({ value: String(c.id), label: c.label }))}
            error={errorOf('form_hold_music')}
            onChange={(value) => change({ holdMusic: Number(value) || 0 }, 'form_hold_music')}
            disabled={busy}
          />
          <SelectField
            label="Message mode"
            name="form_message_mode"
            value={choice(form.messageMode)}
            placeholder="Select a message mode"
            options={constants.messageModes.map((c) => ({ value: String(c.id), label: c.label }))}
            error={errorOf('form_message_mode')}
            onChange={(value) => change({ messageMode: Number(value) || 0 }, 'form_message_mode')}
            disabled={busy}
          />
          <SelectField
            label="Message interval"
            name="form_message_interval"
            value={choice(form.messageInterval)}
            placeholder="Select an interval"
            options={constants.messageIntervals.map((seconds) => ({ value: String(seconds), label: `${seconds} seconds` }))}
            error={errorOf('form_message_interval')}
            onChange={(value) => change({ messageInterval: Number(value) || 0 }, 'form_message_interval')}
            disabled={busy}
          />
        </div>
        <div className="form-columns">
          {AUDIOS.map(([key, label, field]) => (
            <AudioSelector
              key={key}
              label={label}
              name={field}
              value={form[key]}
              error={errorOf(field)}
              onChange={(audio) => change({ [key]: audio }, field)}
              disabled={busy}
            />
          ))}
        </div>
        {id > 0 && <QueueImpactNote />}
      </div>
    </Dialog>
  );
}
