import { useId } from 'react';
import type { IntegrationCard } from '../../../domain';
import type { Integration } from '../api/types';
import { IntegrationIcon, iconUrl } from '../components/IntegrationIcon';
import { MainAction, RemoveAction } from '../components/MainAction';
import type { IntegrationActions } from '../components/useIntegrationActions';

export interface CardContext {
  canManage: boolean;
  notAllowedId: string;
  actions: IntegrationActions;
}

export function IntegrationCardView({
  card,
  integration,
  context,
}: {
  card: IntegrationCard;
  integration: Integration | undefined;
  context: CardContext;
}) {
  const titleId = useId();
  const { canManage, notAllowedId, actions } = context;
  const removable = card.buttons.remove && integration?.removeUrl;
  return (
    <article className="card integration-card" aria-labelledby={titleId}>
      <IntegrationIcon src={integration?.icon ?? iconUrl(card.identifier)} />
      <h3 id={titleId} className="integration-title">
        {card.title}
      </h3>
      {integration?.isPaidExtra && <span className="integration-badge">Paid extra</span>}
      <div className="integration-actions">
        <MainAction
          button={card.buttons.main}
          integration={integration}
          title={card.title}
          canManage={canManage}
          notAllowedId={notAllowedId}
          connecting={actions.connecting === card.identifier}
          onConnect={actions.connect}
          named
        />
        {removable && integration && (
          <RemoveAction
            integration={integration}
            canManage={canManage}
            notAllowedId={notAllowedId}
            onRemove={actions.remove}
            named
          />
        )}
      </div>
    </article>
  );
}
