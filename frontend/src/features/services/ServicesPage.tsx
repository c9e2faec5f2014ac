import { useId, useState } from 'react';
import { Link } from 'react-router';
import { formatPrice, onlineText } from '../../domain/pages';
import { apiGet } from '../../lib/api';
import type { components } from '../../lib/api-schema.gen';
import { useLoader } from '../../lib/useLoader';
import { LoadedPage } from './LoadedPage';

type Schemas = components['schemas'];

/** A service card; its id 'static', 'dynamic' or 'dynamicPool' (the pool card's details: its dynamic URLs). */
export type Service = Schemas['ServiceCard'];

export type ServiceCards = Schemas['ServiceCards'];

export function getServices(): Promise<ServiceCards> {
  return apiGet<ServiceCards>('services/getDetails');
}

/** Where the static and dynamic cards' Buy now goes (the pool card: per dynamic URL). */
const BUY: Record<string, string> = {
  static: '/services/static',
  dynamic: '/services/dynamic',
};

function Card({ service }: { service: Service }) {
  const headingId = useId();
  const [choosing, setChoosing] = useState(false);
  return (
    <section className="card service-card" aria-labelledby={headingId}>
      <h2 id={headingId} className="card-heading">
        {service.name}
      </h2>
      <p className="service-price">
        <strong>{formatPrice(service.prices.price)}</strong> per {service.prices.billing_frequency}
      </p>
      <p>{service.amount}</p>
      <p className="field-hint">{onlineText(service.onlineStatus)}</p>
      <p>{service.marketing}</p>
      <p>
        <a href={service.findOutMore}>Find out more</a>
      </p>
      {service.id === 'dynamicPool' ? (
        choosing ? (
          <ul className="service-campaigns" aria-label={`${service.name}: choose a dynamic URL`}>
            {service.details.map((detail) => (
              <li key={detail.id}>
                <span>{detail.name}</span>{' '}
                <Link className="button button-primary" to={`/services/dynamic/${detail.id}`} aria-label={`Buy now for ${detail.name}`}>
                  Buy now
                </Link>
              </li>
            ))}
          </ul>
        ) : (
          <button type="button" className="button" onClick={() => setChoosing(true)}>
            Select campaign
          </button>
        )
      ) : (
        <Link className="button button-primary" to={BUY[service.id]} aria-label={`Buy now: ${service.name}`}>
          Buy now
        </Link>
      )}
    </section>
  );
}

/** /services: one card per service the customer can buy online. */
export function ServicesPage({ title }: { title: string }) {
  const [load] = useLoader(getServices);
  return (
    <LoadedPage title={title} load={load}>
      {(data) => (
        <div className="service-cards">
          {data.services.map((service) => (
            <Card key={service.id} service={service} />
          ))}
        </div>
      )}
    </LoadedPage>
  );
}
