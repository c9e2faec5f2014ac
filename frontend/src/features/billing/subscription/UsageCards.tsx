import type { ReactNode } from 'react';
import type { AccountUsage } from '../api';

function UsageCard({
  title,
  children,
  addLabel,
  onAdd,
}: {
  title: string;
  children: ReactNode;
  addLabel: string;
  onAdd?: () => void;
}) {
  return (
    <section className="card usage-card" aria-label={title}>
      <h2 className="card-heading">{title}</h2>
      <div className="usage-card-body">
        <div>{children}</div>
        {onAdd && (
          <button type="button" className="icon-button usage-add" aria-label={addLabel} title={addLabel} onClick={onAdd}>
            <span aria-hidden="true">+</span>
          </button>
        )}
      </div>
    </section>
  );
}

/**
 * The three usage cards: dynamic URLs with pools, static numbers, and outbound agents (only
 * when there are some). The plus buttons exist only for customers who buy online.
 */
export function UsageCards({
  usage,
  online,
  onAddDynamic,
  onAddStatic,
  onAddAgent,
}: {
  usage: AccountUsage | null;
  online: boolean;
  onAddDynamic: () => void;
  onAddStatic: () => void;
  onAddAgent: () => void;
}) {
  const figure = (value: number | undefined) => (value === undefined ? '…' : value.toLocaleString('en-GB'));
  return (
    <div className="usage-cards">
      <UsageCard title="Dynamic URLs" addLabel="Add a dynamic URL or pool" onAdd={online ? onAddDynamic : undefined}>
        <p className="usage-figure">{figure(usage?.dynamicUrlsCount)}</p>
        <p>
          Pools: {figure(usage?.poolsCount)} / {figure(usage?.poolsAvailable)}
        </p>
      </UsageCard>
      <UsageCard title="Static numbers" addLabel="Add a static number" onAdd={online ? onAddStatic : undefined}>
        <p className="usage-figure">
          {figure(usage?.staticNumbers)} / {figure(usage?.staticsAvailable)}
        </p>
        <p>used of those your plan includes</p>
      </UsageCard>
      {usage !== null && usage.outboundAgents > 0 && (
        <UsageCard title="Outbound agents" addLabel="Add an outbound user" onAdd={online ? onAddAgent : undefined}>
          <p className="usage-figure">{figure(usage.outboundAgents)}</p>
          <p>users with Outbound</p>
        </UsageCard>
      )}
    </div>
  );
}
