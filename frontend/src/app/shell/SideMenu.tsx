import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import type { Menu, MenuNode } from '../../domain';
import { Icon } from '../../components/Icon';
import { usePurchase } from '../../components/purchase/PurchaseContext';

export interface SideMenuProps {
  menu: Menu;
  /** Route metadata from resolveRoute: the parent to open and the item to mark. */
  activeParent: string | null;
  activePath: string | null;
  minimised: boolean;
  onToggleMinimised: () => void;
  /** Small screens: a drawer over the page, shown while `drawerOpen`. */
  temporary: boolean;
  drawerOpen: boolean;
  onCloseDrawer: () => void;
}

interface EntryContext {
  activeParent: string | null;
  activePath: string | null;
  openParents: Set<string>;
  toggleParent: (id: string) => void;
  offer: (node: MenuNode) => void;
  navigated: () => void;
}

function Chip({ chip }: { chip: string }) {
  return <span className="menu-chip">{chip}</span>;
}

function Leaf({ node, ctx, child }: { node: MenuNode; ctx: EntryContext; child: boolean }) {
  const active = node.path !== null && node.path === ctx.activePath;
  const className = `menu-item${active ? ' active' : ''}${child ? ' menu-child' : ''}`;
  const content = (
    <>
      {!child && <Icon name={node.icon} />}
      <span className="menu-label">{node.label}</span>
      {node.chip && (
        <>
          {' '}
          <Chip chip={node.chip} />
        </>
      )}
    </>
  );
  if (node.chip) {
    return (
      <button type="button" className={className} aria-haspopup="dialog" onClick={() => ctx.offer(node)}>
        {content}
      </button>
    );
  }
  if (node.external) {
    return (
      <a className={className} href={node.path ?? '/'}>
        {content}
      </a>
    );
  }
  return (
    <Link className={className} to={node.path ?? '/'} aria-current={active ? 'page' : undefined} onClick={ctx.navigated}>
      {content}
    </Link>
  );
}

function Parent({ node, ctx }: { node: MenuNode; ctx: EntryContext }) {
  const listId = useId();
  const open = ctx.openParents.has(node.id);
  const active = node.id === ctx.activeParent;
  return (
    <>
      <button
        type="button"
        className={`menu-item menu-parent${active ? ' active' : ''}`}
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => ctx.toggleParent(node.id)}
      >
        <Icon name={node.icon} />
        <span className="menu-label">{node.label}</span>
        <span className="menu-expand" aria-hidden="true">
          <Icon name="expand" size={20} />
        </span>
      </button>
      <ul id={listId} className={`menu-children${open ? ' open' : ''}`} aria-label={node.label}>
        <li className="menu-flyout-title" aria-hidden="true">
          {node.label}
        </li>
        {node.children.map((childNode) => (
          <li key={childNode.id}>
            <Leaf node={childNode} ctx={ctx} child />
          </li>
        ))}
      </ul>
    </>
  );
}

export function SideMenu({
  menu,
  activeParent,
  activePath,
  minimised,
  onToggleMinimised,
  temporary,
  drawerOpen,
  onCloseDrawer,
}: SideMenuProps) {
  const titleId = useId();
  const nav = useRef<HTMLElement>(null);
  const [openParents, setOpenParents] = useState<Set<string>>(() => new Set(activeParent ? [activeParent] : []));
  const purchase = usePurchase();

  useEffect(() => {
    if (activeParent) setOpenParents((current) => (current.has(activeParent) ? current : new Set(current).add(activeParent)));
  }, [activeParent]);

  useEffect(() => {
    if (!temporary || !drawerOpen) return;
    nav.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCloseDrawer();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [temporary, drawerOpen, onCloseDrawer]);

  const ctx: EntryContext = {
    activeParent,
    activePath,
    openParents,
    toggleParent: (id) =>
      setOpenParents((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    offer: (node) => {
      if (node.scope) purchase.open(node.scope);
    },
    navigated: () => {
      if (temporary) onCloseDrawer();
    },
  };

  const isMinimised = minimised && !temporary;
  const classes = ['side-menu', isMinimised && 'minimised', temporary && 'temporary', temporary && drawerOpen && 'open']
    .filter(Boolean)
    .join(' ');

  return (
    <>
      {temporary && drawerOpen && <div className="side-menu-backdrop" onClick={onCloseDrawer} aria-hidden="true" />}
      <nav
        id="side-menu"
        ref={nav}
        tabIndex={-1}
        className={classes}
        aria-labelledby={titleId}
        data-minimised={isMinimised ? 'true' : 'false'}
        hidden={temporary && !drawerOpen ? true : undefined}
      >
        <div id={titleId} className="side-menu-title">
          {menu.title}
        </div>
        <ul className="menu-list">
          {menu.items.map((node) => (
            <li key={node.id} className={node.children.length > 0 ? 'has-children' : undefined}>
              {node.path === null ? <Parent node={node} ctx={ctx} /> : <Leaf node={node} ctx={ctx} child={false} />}
            </li>
          ))}
        </ul>
        {!temporary && (
          <button
            type="button"
            className="menu-minimise"
            aria-label={isMinimised ? 'Expand menu' : 'Minimise menu'}
            onClick={onToggleMinimised}
          >
            <span aria-hidden="true">{isMinimised ? '»' : '«'}</span>
          </button>
        )}
      </nav>
    </>
  );
}
