import { consultationPath } from '@portal/domain/consultation/consultation-path';
import type { Intake } from '@portal/domain/contracts/intake';
import type { Product, ProductTemplate } from '@portal/domain/contracts/product';
import { MESSAGES } from '@portal/domain/messages';
import { defaultPlanProduct } from '@portal/domain/pricing/plan-default';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { getGlobalIntakeTemplate, getIntakeTemplate } from '../../../api/intake-templates';
import { getIntake } from '../../../api/intakes';
import { getProductTemplate, getTemplateProducts } from '../../../api/products';
import { funnelKeys } from '../../../api/view-keys';
import { InvalidIntakeRedirect } from '../../../components/step-page/intake-guard';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { isApiError } from '../../../lib/api-error';
import { isInvalidIntakeError } from '../../../lib/consultation-routing';
import {
  cheapestPerMonthCents,
  isFeaturedProtocol,
  perMonthText,
  visitProtocols,
} from '../../../lib/protocols';
import { useSessionUser } from '../../../lib/session';
import '../../../components/step-page/step-page.css';
import '../components/consultation.css';

interface ProtocolOffer {
  template: ProductTemplate;
  products: Product[];
}

interface ProtocolSelectionData {
  intake: Intake;
  /** The protocols of the visit's exclusive group, in the catalogue's card order. */
  offers: ProtocolOffer[];
}

function fulfilled<T>(results: PromiseSettledResult<T>[]): T[] {
  return results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
}

/**
 * The intake, then the protocols among the product defaults of the intake's template and the organization's
 * global template: the templates of the visit's exclusive group (000 §2 Screen 7), with their priced products.
 */
async function loadProtocolSelection(
  userId: string,
  intakeId: string,
  signal: AbortSignal,
): Promise<ProtocolSelectionData> {
  const intake = await getIntake(userId, intakeId, signal);
  const templates = await Promise.allSettled([
    getIntakeTemplate(intake.intake_template, signal),
    getGlobalIntakeTemplate(signal),
  ]);
  const loaded = fulfilled(templates);
  if (loaded.length === 0) throw (templates[0] as PromiseRejectedResult).reason;

  const candidateIds = [...new Set(loaded.flatMap((t) => t.product_defaults ?? []))];
  const productTemplates = fulfilled(
    await Promise.allSettled(candidateIds.map((id) => getProductTemplate(id, signal))),
  );
  const visitDefaults = templates[0].status === 'fulfilled' ? templates[0].value.product_defaults : [];
  const protocols = visitProtocols(visitDefaults, productTemplates);
  if (protocols.length === 0) throw new Error('No protocol in the catalogue');
  const offers = await Promise.all(
    protocols.map(async (template) => ({
      template,
      products: await getTemplateProducts(template._id, signal),
    })),
  );
  return { intake, offers };
}

function ProtocolCard({
  offer,
  onSelect,
}: {
  offer: ProtocolOffer;
  onSelect: (offer: ProtocolOffer) => void;
}) {
  const { template, products } = offer;
  const titleId = `protocol-${template._id}`;
  const featured = isFeaturedProtocol(template);
  const fromCents = cheapestPerMonthCents(products);
  const image = template.product_images[0];
  const benefits = template.shop.benefits.map((benefit) => benefit.title);
  return (
    <li>
      <article
        className={featured ? 'protocol-card protocol-card--featured' : 'protocol-card'}
        aria-labelledby={titleId}
      >
        {featured ? <span className="consult-badge">Recommended</span> : null}
        {image ? <img className="protocol-card__image" src={image} alt="" /> : null}
        <h2 className="protocol-card__name" id={titleId}>
          {template.name}
        </h2>
        {fromCents !== null ? (
          <p className="protocol-card__price">
            Starting at <span className="protocol-card__amount">{perMonthText(fromCents)}</span>
          </p>
        ) : null}
        {benefits.length > 0 ? (
          <ul className="protocol-card__benefits" aria-label={`${template.name} benefits`}>
            {benefits.map((benefit) => (
              <li key={benefit} className="protocol-card__benefit">
                {benefit}
              </li>
            ))}
          </ul>
        ) : null}
        <Button
          block
          variant={featured ? 'primary' : 'secondary'}
          disabled={products.length === 0}
          aria-describedby={titleId}
          onClick={() => onSelect(offer)}
        >
          Select
        </Button>
      </article>
    </li>
  );
}

export default function ProtocolSelectionPage() {
  const { intakeId = '' } = useParams();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const navigate = useNavigate();

  const query = useQuery({
    queryKey: funnelKeys.protocolSelection(userId, intakeId),
    queryFn: ({ signal }) => loadProtocolSelection(userId, intakeId, signal),
    enabled: Boolean(userId),
  });

  function onSelect(offer: ProtocolOffer) {
    const intake = query.data?.intake;
    if (!intake) return;
    void navigate(
      consultationPath(
        { section: 'product-configure', route: 'treatment-selection', productTemplateId: offer.template._id },
        {
          userId,
          intakeId,
          query: {
            product: defaultPlanProduct(offer.products)?._id,
            intakeTemplateId: offer.template.intake_template ?? intake.intake_template,
            initialIntakeTemplateId: intake.intake_template,
          },
        },
      ),
    );
  }

  const invalid = isInvalidIntakeError(query.error) && isApiError(query.error);

  return (
    <section className="consult-step consult-step--wide" aria-labelledby="protocol-title">
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Protocol Preference</p>
        <h1 className="consult-step__title" id="protocol-title">
          Select your protocol
        </h1>
        <p className="consult-step__lead">
          Both protocols are prescribed and adjusted by your physician. You are not charged until a doctor
          approves your treatment.
        </p>
      </header>
      {invalid ? <InvalidIntakeRedirect userId={userId} error={query.error} /> : null}
      {query.isPending ? (
        <div className="consult-step__center">
          <Spinner size="lg" label="Loading protocols" />
        </div>
      ) : null}
      {query.isError && !invalid ? (
        <>
          <Alert tone="error">{MESSAGES.protocolSelectionLoad}</Alert>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </>
      ) : null}
      {query.data ? (
        <ul className="protocol-cards">
          {query.data.offers.map((offer) => (
            <ProtocolCard key={offer.template._id} offer={offer} onSelect={onSelect} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
