import { useCallback, useId, useLayoutEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Dialog } from '../../../components/Dialog';
import type { FlowEdge, FlowNode, IvrFlow } from '../../../domain';
import { useLoader } from '../../../lib/useLoader';
import { cloneIvr, getIvrLibrary, getMultiLevelIvr } from '../api/ivrs';
import { useRoutingLibrary } from '../selectors/RoutingLibrary';
import { CallSimulator } from './CallSimulator';
import { DestinationPlanDialog } from './DestinationPlanDialog';
import { IvrDialog } from './IvrDialog';
import { IVR_FAILED, ROUTING_FAILED } from './messages';
import { MultiLevelTermsDialog } from './MultiLevelTermsDialog';
import { VoicemailDialog } from './VoicemailDialog';

export interface FlowchartDialogProps {
  open: boolean;
  /** The IVR whose flow is drawn. */
  ivrId: number;
  onClose: () => void;
  /** After a clone, with the copy's id (the IVR list has reloaded). */
  onCloned: (id: number) => void;
}

type NodeKind = 'ivr' | 'routing' | 'voicemail' | 'hangup';

const KIND_LABELS: Record<NodeKind, string> = {
  ivr: 'IVR',
  routing: 'Destination plan',
  voicemail: 'Voicemail',
  hangup: 'Hang up',
};

/** The type and id of a node id such as "ivr-3". */
export function parseNodeId(id: string): { kind: NodeKind; id: number } | null {
  const match = /^(ivr|routing|voicemail|hangup)-(\d+)$/.exec(id);
  return match ? { kind: match[1] as NodeKind, id: Number(match[2]) } : null;
}

/** Nodes in levels: the IVR first, then each node one level below the first node that leads to it. */
export function flowLevels(flow: IvrFlow, rootId: string): FlowNode[][] {
  const byId = new Map(flow.nodes.map((node) => [node.id, node]));
  const level = new Map<string, number>();
  const start = byId.has(rootId) ? rootId : flow.nodes[0]?.id;
  if (start === undefined) return [];
  level.set(start, 0);
  const queue = [start];
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const edge of flow.edges) {
      if (edge.from !== id || level.has(edge.to) || !byId.has(edge.to)) continue;
      level.set(edge.to, level.get(id)! + 1);
      queue.push(edge.to);
    }
  }
  const deepest = Math.max(0, ...level.values());
  const levels: FlowNode[][] = [];
  for (const node of flow.nodes) {
    const at = level.get(node.id) ?? deepest + 1;
    (levels[at] ??= []).push(node);
  }
  return levels.filter((nodes) => nodes && nodes.length > 0);
}

type Editing = { kind: 'ivr' | 'routing' | 'voicemail'; id: number };

/** 'Edit Service Plan': the flow of a multi-level IVR, each node opening its editor, with a call simulator. */
export function FlowchartDialog(props: FlowchartDialogProps) {
  if (!props.open) return null;
  return <Flowchart key={props.ivrId} {...props} />;
}

function Flowchart({ ivrId, onClose, onCloned }: FlowchartDialogProps) {
  const routingLibrary = useRoutingLibrary();
  const [load, reloadFlow] = useLoader(() => getMultiLevelIvr(ivrId), [ivrId]);
  const [libraryLoad, reloadLibrary] = useLoader(getIvrLibrary);
  const [editing, setEditing] = useState<Editing | null>(null);
  // The node last opened takes the focus when the flowchart comes back.
  const [lastOpened, setLastOpened] = useState<string | null>(null);
  const [clone, setClone] = useState<'terms' | 'cloning' | null>(null);
  const [cloneError, setCloneError] = useState<string | null>(null);

  const openEditor = useCallback((node: Editing) => {
    setLastOpened(`${node.kind}-${node.id}`);
    setEditing(node);
  }, []);

  const edited = useCallback(() => {
    setEditing(null);
    void reloadFlow();
    void reloadLibrary();
  }, [reloadFlow, reloadLibrary]);

  async function runClone(acceptTerms: boolean) {
    setClone('cloning');
    setCloneError(null);
    try {
      const result = await cloneIvr(ivrId, acceptTerms);
      if (!result.ok) {
        setCloneError(result.message ?? IVR_FAILED);
        setClone(null);
        return;
      }
      await routingLibrary.reloadIvrs();
      setClone(null);
      onCloned(result.id);
    } catch {
      setCloneError(IVR_FAILED);
      setClone(null);
    }
  }

  const cloning = clone === 'cloning';
  // A node's editor opens in place of the flowchart, not over it; closing it brings the flowchart
  // back (the Dialog moves the focus again when it reopens: to the node that was edited).
  return (
    <>
      <Dialog
        open={editing === null}
        title="Edit Service Plan"
        onClose={onClose}
        busy={cloning}
        actions={
          <button type="button" className="button" onClick={onClose} disabled={cloning}>
            Close
          </button>
        }
      >
        <div className="flowchart-editor">
          {load.status === 'loading' && (
            <div className="section-loading" role="status" aria-live="polite">
              <span className="spinner" aria-hidden="true" />
              <span>Loading…</span>
            </div>
          )}
          {load.status === 'failed' && (
            <p role="alert" className="banner banner-error">
              {ROUTING_FAILED}
            </p>
          )}
          {load.status === 'ready' && (
            <>
              {load.data.canClone && (
                <p className="flowchart-clone">
                  <button type="button" className="link-button" disabled={clone !== null} onClick={() => setClone('terms')}>
                    {cloning ? 'Cloning…' : 'Clone'}
                  </button>
                </p>
              )}
              {cloneError && (
                <p role="alert" className="banner banner-error">
                  {cloneError}
                </p>
              )}
              <FlowIssues flow={load.data.flow} />
              <FlowDiagram flow={load.data.flow} rootId={`ivr-${ivrId}`} focusNode={lastOpened} onOpen={openEditor} />
              <CallSimulator
                ivrId={ivrId}
                library={libraryLoad.status === 'ready' ? libraryLoad.data : null}
                failed={libraryLoad.status === 'failed'}
              />
            </>
          )}
        </div>
        {clone === 'terms' && (
          <MultiLevelTermsDialog
            action="clone"
            onCancel={() => setClone(null)}
            onAccepted={(accepted) => void runClone(accepted)}
          />
        )}
      </Dialog>
      {editing?.kind === 'ivr' && <IvrDialog open id={editing.id} onClose={() => setEditing(null)} onSaved={edited} />}
      {editing?.kind === 'routing' && (
        <DestinationPlanDialog open id={editing.id} onClose={() => setEditing(null)} onSaved={edited} />
      )}
      {editing?.kind === 'voicemail' && (
        <VoicemailDialog open id={editing.id} onClose={() => setEditing(null)} onSaved={edited} />
      )}
    </>
  );
}

function FlowIssues({ flow }: { flow: IvrFlow }) {
  const issues = [...flow.issues.loops, ...flow.issues.deadEnds];
  if (issues.length === 0) return <p className="flow-clean">No loops or dead ends</p>;
  return (
    <div className="banner banner-warning" role="note">
      <ul className="flow-issues" aria-label="Loops and dead ends">
        {issues.map((issue) => (
          <li key={issue}>{issue}</li>
        ))}
      </ul>
    </div>
  );
}

interface Line {
  key: string;
  path: string;
  label: string;
  x: number;
  y: number;
}

/** The connector lines between drawn nodes, measured after layout (none where nothing has a size). */
function useEdgeLines(container: RefObject<HTMLDivElement | null>, edges: FlowEdge[], levelOf: Map<string, number>) {
  const [lines, setLines] = useState<Line[]>([]);
  useLayoutEffect(() => {
    const root = container.current;
    if (!root) return;
    const measure = () => {
      const origin = root.getBoundingClientRect();
      const box = (id: string) => {
        const element = root.querySelector<HTMLElement>(`[data-node="${id}"]`);
        const rect = element?.getBoundingClientRect();
        if (!rect || rect.width === 0) return null;
        const x = root.scrollLeft - origin.left;
        const y = root.scrollTop - origin.top;
        return { left: rect.left + x, right: rect.right + x, top: rect.top + y, bottom: rect.bottom + y };
      };
      const next: Line[] = [];
      edges.forEach((edge, i) => {
        const from = box(edge.from);
        const to = box(edge.to);
        if (!from || !to) return;
        const key = `${edge.from}>${edge.to}>${i}`;
        if ((levelOf.get(edge.to) ?? 0) > (levelOf.get(edge.from) ?? 0)) {
          const x1 = (from.left + from.right) / 2;
          const x2 = (to.left + to.right) / 2;
          const y1 = from.bottom;
          const y2 = to.top;
          const mid = (y1 + y2) / 2;
          next.push({ key, path: `M${x1},${y1} C${x1},${mid} ${x2},${mid} ${x2},${y2}`, label: edge.label, x: (x1 + x2) / 2, y: mid });
        } else {
          // Back to a menu above or beside: round the right-hand side.
          const x1 = from.right;
          const y1 = (from.top + from.bottom) / 2;
          const x2 = to.right;
          const y2 = (to.top + to.bottom) / 2;
          const bulge = Math.max(x1, x2) + 40;
          next.push({ key, path: `M${x1},${y1} C${bulge},${y1} ${bulge},${y2} ${x2},${y2}`, label: edge.label, x: bulge - 10, y: (y1 + y2) / 2 });
        }
      });
      setLines(next);
    };
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(root);
    window.addEventListener('resize', measure);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', measure);
    };
  }, [container, edges, levelOf]);
  return lines;
}

function FlowDiagram({
  flow,
  rootId,
  focusNode,
  onOpen,
}: {
  flow: IvrFlow;
  rootId: string;
  focusNode: string | null;
  onOpen: (node: Editing) => void;
}) {
  const container = useRef<HTMLDivElement>(null);
  const arrow = `flowchart-arrow-${useId().replace(/[^\w-]/g, '')}`;
  const levels = useMemo(() => flowLevels(flow, rootId), [flow, rootId]);
  const levelOf = useMemo(() => {
    const map = new Map<string, number>();
    levels.forEach((nodes, i) => nodes.forEach((node) => map.set(node.id, i)));
    return map;
  }, [levels]);
  const edges = useMemo(() => flow.edges.filter((edge) => edge.from !== 'start'), [flow.edges]);
  const lines = useEdgeLines(container, edges, levelOf);
  const names = useMemo(() => new Map(flow.nodes.map((node) => [node.id, node])), [flow.nodes]);

  return (
    <div className="flowchart" ref={container}>
      <svg className="flowchart-lines" aria-hidden="true">
        <defs>
          <marker id={arrow} viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse">
            <path d="M0,0 L10,5 L0,10 z" />
          </marker>
        </defs>
        {lines.map((line) => (
          <g key={line.key}>
            <path d={line.path} markerEnd={`url(#${arrow})`} />
            <text x={line.x} y={line.y} textAnchor="middle" dominantBaseline="middle">
              {line.label}
            </text>
          </g>
        ))}
      </svg>
      {levels.map((nodes, i) => (
        <ul key={i} className="flowchart-level" aria-label={`Level ${i + 1}`}>
          {nodes.map((node) => (
            <FlowNodeBox
              key={node.id}
              node={node}
              edges={edges}
              names={names}
              focus={node.id === focusNode}
              onOpen={onOpen}
            />
          ))}
        </ul>
      ))}
    </div>
  );
}

function FlowNodeBox({
  node,
  edges,
  names,
  focus,
  onOpen,
}: {
  node: FlowNode;
  edges: FlowEdge[];
  names: Map<string, FlowNode>;
  focus: boolean;
  onOpen: (node: Editing) => void;
}) {
  const parsed = parseNodeId(node.id);
  const kind = parsed?.kind ?? 'hangup';
  const label = KIND_LABELS[kind];
  const outgoing = edges.filter((edge) => edge.from === node.id);
  const targetOf = (edge: FlowEdge | undefined) => {
    if (!edge) return null;
    const to = names.get(edge.to);
    const toKind = parseNodeId(edge.to)?.kind;
    return to ? `${toKind ? KIND_LABELS[toKind] : ''} ${to.description}`.trim() : edge.to;
  };
  const optionKeys = node.options.map((option) => option.split(':')[0]);
  const lines = [
    ...node.options.map((option, i) => {
      const to = targetOf(outgoing.find((edge) => edge.label === optionKeys[i]));
      return to ? `${option} → ${to}` : option;
    }),
    ...outgoing.filter((edge) => !optionKeys.includes(edge.label)).map((edge) => `${edge.label} → ${targetOf(edge)}`),
  ];
  const title = (
    <>
      <span className="flowchart-kind">
        {label}
        {node.isChild ? ' (child)' : ''}
      </span>
      <span className="flowchart-name">{node.description}</span>
    </>
  );
  return (
    <li className={`flowchart-node flowchart-node-${kind}`} data-node={node.id}>
      {parsed && kind !== 'hangup' ? (
        <button
          type="button"
          className="flowchart-title"
          data-autofocus={focus || undefined}
          aria-label={`Edit ${label === 'IVR' ? label : label.toLowerCase()} ${node.description}`}
          onClick={() => onOpen({ kind: kind as Editing['kind'], id: parsed.id })}
        >
          {title}
        </button>
      ) : (
        <div className="flowchart-title">{title}</div>
      )}
      {lines.length > 0 && (
        <ul className="flowchart-options" aria-label={`Keys of ${node.description}`}>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </li>
  );
}
