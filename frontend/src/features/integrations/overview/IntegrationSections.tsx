import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { IntegrationCard, IntegrationOverview } from '../../../domain';
import type { Integration } from '../api/types';
import { IntegrationCardView, type CardContext } from './IntegrationCardView';

function CardSection({
  heading,
  intro,
  cards,
  byId,
  context,
}: {
  heading: string;
  intro?: ReactNode;
  cards: IntegrationCard[];
  byId: Map<string, Integration>;
  context: CardContext;
}) {
  const headingId = useId();
  if (cards.length === 0) return null;
  return (
    <section className="integration-section" aria-labelledby={headingId}>
      <h2 id={headingId} className="integration-section-heading">
        {heading}
      </h2>
      {intro}
      <ul className="integration-grid">
        {cards.map((card) => (
          <li key={card.identifier}>
            <IntegrationCardView card={card} integration={byId.get(card.identifier)} context={context} />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The overview's three groups of cards: in the package, with a plan upgrade, as add-ons. */
export function IntegrationSections({
  overview,
  integrations,
  isGroupAccount,
  context,
}: {
  overview: IntegrationOverview;
  integrations: Integration[];
  isGroupAccount: boolean;
  context: CardContext;
}) {
  const byId = new Map(integrations.map((i) => [i.identifier, i]));
  return (
    <>
      <CardSection heading="Your integrations" cards={overview.authorised} byId={byId} context={context} />
      {overview.authorised.length === 0 && <p className="empty-state">No integrations are included in your package.</p>}
      <CardSection
        heading="More integrations with an upgrade"
        intro={
          <p className="integration-section-intro">
            Upgrade your plan to use these integrations.{' '}
            {!isGroupAccount && (
              <Link className="button button-primary" to="/upgradecentre">
                Upgrade
              </Link>
            )}
          </p>
        }
        cards={overview.unauthorised}
        byId={byId}
        context={context}
      />
      <CardSection
        heading="Add-ons"
        intro={<p className="integration-section-intro">Add these integrations to your package.</p>}
        cards={overview.addOns}
        byId={byId}
        context={context}
      />
    </>
  );
}
