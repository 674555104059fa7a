import { estimatedIntakeMinutes } from '@portal/domain/constants';
import { consultationPath } from '@portal/domain/consultation/consultation-path';
import { DEFAULT_VISIT_INTRO } from '@portal/domain/consultation/visit-intro';
import { isProfileComplete } from '@portal/domain/validation/profile';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { visitIntroQueryOptions } from '../../../api/intake-templates';
import { intakeQueryOptions } from '../../../api/intakes';
import { productTemplateQueryOptions } from '../../../api/products';
import { InvalidIntakeRedirect } from '../../../components/step-page/intake-guard';
import { Button } from '../../../components/ui/button';
import { PageSpinner } from '../../../components/ui/spinner';
import { seg } from '../../../lib/api-client';
import { carriedQuery, isInvalidIntakeError, pharmacyTarget } from '../../../lib/consultation-routing';
import { useSessionUser } from '../../../lib/session';
import '../../../components/step-page/step-page.css';
import '../components/consultation.css';

/**
 * How it works (000 §2 Screen 1): the visit's introduction as the clinic words it, the estimated intake time
 * (000 §9), then Continue: the consultation profile
 * when profile data is missing, /signup/profile for lab products, otherwise the pharmacy questions or overview.
 */
export default function HiwPage() {
  const { userId = '', intakeId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const productId = search.get('product');

  const intake = useQuery(intakeQueryOptions(userId, intakeId));
  const templateId = intake.data?.intake_template ?? '';
  // the clinic's wording of this visit; the portal's own words if it cannot be read
  const intro = useQuery({ ...visitIntroQueryOptions(templateId), enabled: Boolean(templateId) });
  const { title, lead, steps } = intro.data ?? DEFAULT_VISIT_INTRO;
  const product = useQuery({ ...productTemplateQueryOptions(productId ?? ''), enabled: Boolean(productId) });

  if (isInvalidIntakeError(intake.error))
    return <InvalidIntakeRedirect userId={userId} error={intake.error} />;
  // the words wait for the clinic's version, so the page does not change under the patient's eyes
  if (intake.isPending || (templateId && intro.isPending)) return <PageSpinner label="Loading your visit" />;

  const minutes = estimatedIntakeMinutes(intake.data?.total_steps, true);
  const productLoading = Boolean(productId) && product.isPending;

  function onContinue() {
    const ctx = { userId, intakeId, query: carriedQuery(search) };
    if (!isProfileComplete(user)) {
      void navigate(consultationPath({ section: 'profile' }, ctx));
    } else if (product.data?.type === 'lab' && productId) {
      void navigate(`/signup/profile?productTemplateId=${seg(productId)}`);
    } else {
      void navigate(consultationPath(pharmacyTarget(user), ctx));
    }
  }

  return (
    <section className="consult-step" aria-labelledby="hiw-title">
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">How it Works</p>
        <h1 className="consult-step__title" id="hiw-title">
          {title}
        </h1>
        <p className="consult-step__lead">{lead}</p>
      </header>
      <p className="hiw-time">
        <span>
          Estimated time: {minutes} {minutes === 1 ? 'minute' : 'minutes'}
        </span>
      </p>
      <ol className="hiw-steps" aria-label="Steps of your visit">
        {steps.map((step) => (
          <li key={step.title} className="hiw-steps__item">
            <span className="hiw-steps__title">{step.title}</span>
            <span className="hiw-steps__text">{step.text}</span>
          </li>
        ))}
      </ol>
      <div className="consult-step__footer">
        <Button block onClick={onContinue} loading={productLoading}>
          Continue
        </Button>
      </div>
    </section>
  );
}
