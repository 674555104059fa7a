import type { Intake } from '@portal/domain/contracts/intake';
import { formatLongDate } from '@portal/domain/format/month-names';
import { isObjectId } from '@portal/domain/ids';
import { identityBadge, verificationStatusOf } from '@portal/domain/verification/badge';
import {
  isVisitReviewSection,
  neighbourSections,
  reviewedAnswers,
  VISIT_REVIEW_SECTIONS,
  type VisitReviewSection,
  visitReviewPath,
  visitReviewTitle,
} from '@portal/domain/visits/visit-review';
import { AWAITING_PHYSICIAN_REVIEW } from '@portal/domain/visits/visits-in-review';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, type Params, useParams } from 'react-router';
import { intakeTemplateQueryOptions } from '../../../api/intake-templates';
import { intakeQueryOptions } from '../../../api/intakes';
import { getProductTemplates, type ProductTemplate } from '../../../api/products';
import {
  type BackTo,
  DetailFacts,
  DetailFrame,
  DetailLoadError,
  DetailLoading,
  DetailNotFound,
} from '../../../components/detail-page/detail-page';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-error';
import { medicalHistoryAnswers } from '../../../lib/medical-history';
import type { Patient } from '../../../lib/patient';
import { fullName } from '../../../lib/patient';
import { useSessionUser } from '../../../lib/session';
import './visit-review-page.css';

/** The document title of a section ("Visit Review: Medical History"), for the route that shows it. */
export const screenTitle = (params: Params): string =>
  isVisitReviewSection(params.section) ? `Visit Review: ${visitReviewTitle(params.section)}` : 'Visit Review';

export const VISIT_NOT_FOUND = 'We could not find this visit.';
export const VISIT_NOT_FOUND_TEXT =
  'It may belong to another account, or the link may be mistyped. Your visits in review are on your dashboard.';
export const VISIT_NOT_SUBMITTED = 'This visit is still in progress.';
export const VISIT_NOT_SUBMITTED_TEXT =
  'Your answers can be reviewed here once the visit is submitted. You can continue it from your dashboard.';
export const VISIT_LOAD_ERROR = 'We could not load this visit. Please try again.';
export const SECTION_LOAD_ERROR = 'We could not load these answers. Please try again.';

const NOT_ANSWERED = 'Not answered';

/**
 * /dashboard/{userId}/{page}/intake/{intakeId}/{section} (002 §2.1): the patient's own answers to one section
 * of a submitted visit, read only, with links between the sections. Only the signed-in patient's visits are
 * read; another patient's, an unknown one or an unknown section is a not-found state inside the shell.
 */
export default function VisitReviewPage() {
  const { page = 'profile', intakeId = '', section } = useParams();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const back: BackTo = {
    to: `/dashboard/${encodeURIComponent(userId)}/${encodeURIComponent(page)}`,
    label: page === 'profile' ? 'Back to dashboard' : 'Back',
  };
  const valid = isObjectId(intakeId) && isVisitReviewSection(section);
  const intake = useQuery({ ...intakeQueryOptions(userId, intakeId), enabled: valid && Boolean(userId) });

  if (!valid || !user)
    return <DetailNotFound back={back} title={VISIT_NOT_FOUND} text={VISIT_NOT_FOUND_TEXT} />;
  if (intake.isPending) return <DetailLoading back={back} label="Loading your visit" />;
  if (intake.isError) {
    if (intake.error instanceof ApiError && [400, 403, 404].includes(intake.error.status))
      return <DetailNotFound back={back} title={VISIT_NOT_FOUND} text={VISIT_NOT_FOUND_TEXT} />;
    return (
      <DetailLoadError
        back={back}
        title="Visit Review"
        text={VISIT_LOAD_ERROR}
        onRetry={() => void intake.refetch()}
        retrying={intake.isFetching}
      />
    );
  }
  const visit = intake.data;
  if (visit.user !== userId || visit.closed)
    return <DetailNotFound back={back} title={VISIT_NOT_FOUND} text={VISIT_NOT_FOUND_TEXT} />;
  if (!visit.patient_complete)
    return <DetailNotFound back={back} title={VISIT_NOT_SUBMITTED} text={VISIT_NOT_SUBMITTED_TEXT} />;
  return <Review visit={visit} user={user} section={section} page={page} back={back} />;
}

function useVisitProducts(visit: Intake) {
  const ids = [...new Set(visit.products.map((p) => p.product_template))].slice(0, 50);
  return useQuery({
    queryKey: ['visit-review', 'product-templates', ids],
    queryFn: ({ signal }) => getProductTemplates(ids, signal),
    staleTime: 5 * 60_000,
  });
}

const productName = (template: ProductTemplate | undefined) =>
  template ? template.product_name || template.name : 'A treatment';

function Review({
  visit,
  user,
  section,
  page,
  back,
}: {
  visit: Intake;
  user: Patient;
  section: VisitReviewSection;
  page: string;
  back: BackTo;
}) {
  const products = useVisitProducts(visit);
  const byId = new Map((products.data ?? []).map((t) => [t._id, t]));
  const first = visit.products[0];
  const visitName = first && products.data ? productName(byId.get(first.product_template)) : 'Your visit';
  const submitted = visit.completed_at ?? visit.updated_at;
  const title = visitReviewTitle(section);
  const { previous, next } = neighbourSections(section);
  const path = (s: VisitReviewSection) => visitReviewPath(user._id, visit._id, s, page);

  return (
    <DetailFrame back={back} labelledBy="visit-review-title">
      <header className="visit-review__header">
        <p className="visit-review__eyebrow">
          {visitName} · Submitted <time dateTime={submitted}>{formatLongDate(new Date(submitted))}</time>
          {visit.physician_review ? null : <> · {AWAITING_PHYSICIAN_REVIEW}</>}
        </p>
        <h1 className="detail-page__title" id="visit-review-title">
          {title}
        </h1>
        <p className="detail-page__muted">
          Your answers, as sent to your physician. They can no longer be changed here.
        </p>
      </header>

      <nav className="visit-review__sections" aria-label="Visit sections">
        <ul>
          {VISIT_REVIEW_SECTIONS.map((s) => (
            <li key={s}>
              <Link to={path(s)} aria-current={s === section ? 'page' : undefined}>
                {visitReviewTitle(s)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <div className="detail-page__card">
        <SectionBody
          section={section}
          visit={visit}
          user={user}
          products={byId}
          productsPending={products.isPending}
        />
      </div>

      <nav className="visit-review__pager" aria-label="Previous and next section">
        {previous ? (
          <Link to={path(previous)}>
            <span aria-hidden="true">‹</span> {visitReviewTitle(previous)}
          </Link>
        ) : (
          <span />
        )}
        {next ? (
          <Link to={path(next)}>
            {visitReviewTitle(next)} <span aria-hidden="true">›</span>
          </Link>
        ) : null}
      </nav>
    </DetailFrame>
  );
}

function SectionBody({
  section,
  visit,
  user,
  products,
  productsPending,
}: {
  section: VisitReviewSection;
  visit: Intake;
  user: Patient;
  products: Map<string, ProductTemplate>;
  productsPending: boolean;
}) {
  switch (section) {
    case 'profile':
      return <ProfileAnswers user={user} />;
    case 'pharmacy-questions':
      return <MedicalHistory user={user} />;
    case 'intake':
      return <IntakeAnswers visit={visit} />;
    case 'treatment':
      return productsPending ? (
        <Spinner label="Loading your treatment" />
      ) : (
        <Treatment visit={visit} products={products} />
      );
    case 'identification-step':
      return <Identity visit={visit} user={user} />;
  }
}

const ON_FILE = 'As on your record today; you can update it in Settings.';

function heightText(inches: number | null): string {
  if (!inches) return NOT_ANSWERED;
  return `${Math.floor(inches / 12)} ft ${inches % 12} in`;
}

function ProfileAnswers({ user }: { user: Patient }) {
  const facts: [string, ReactNode][] = [
    ['Name', fullName(user) || NOT_ANSWERED],
    ['Sex', user.sex === 'male' ? 'Male' : user.sex === 'female' ? 'Female' : NOT_ANSWERED],
    ['Birthday', user.birthday || NOT_ANSWERED],
    ['Height', heightText(user.height)],
    ['Weight', user.weight ? `${user.weight} lbs` : NOT_ANSWERED],
    ['Home state', user.state || NOT_ANSWERED],
  ];
  return (
    <>
      <DetailFacts facts={facts} />
      <p className="detail-page__muted">{ON_FILE}</p>
    </>
  );
}

function MedicalHistory({ user }: { user: Patient }) {
  const facts: [string, ReactNode][] = medicalHistoryAnswers(user).map((answer) => [
    answer.label,
    answer.details ? `${answer.value ?? NOT_ANSWERED}: ${answer.details}` : (answer.value ?? NOT_ANSWERED),
  ]);
  return (
    <>
      <DetailFacts facts={facts} />
      <p className="detail-page__muted">{ON_FILE}</p>
    </>
  );
}

function AnswerLines({ lines }: { lines: string[] }) {
  if (lines.length === 0)
    return <p className="visit-review__answer visit-review__answer--none">{NOT_ANSWERED}</p>;
  if (lines.length === 1) return <p className="visit-review__answer">{lines[0]}</p>;
  return (
    <ul className="visit-review__answer-list">
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
}

function IntakeAnswers({ visit }: { visit: Intake }) {
  const template = useQuery(intakeTemplateQueryOptions(visit.intake_template));
  if (template.isPending) return <Spinner label="Loading your answers" />;
  if (template.isError)
    return (
      <p role="alert" className="visit-review__error">
        {SECTION_LOAD_ERROR}
      </p>
    );
  const answers = reviewedAnswers(template.data.questions, visit.intake_responses);
  if (answers.length === 0) return <p className="detail-page__muted">This visit had no questions.</p>;
  return (
    <ol className="visit-review__questions" aria-label="Your answers">
      {answers.map((answer) => (
        <li key={answer.questionId} className="visit-review__question">
          <p className="visit-review__label">{answer.question}</p>
          <AnswerLines lines={answer.answer} />
          {answer.followUps.map((followUp) => (
            <div key={followUp.question} className="visit-review__follow-up">
              <p className="visit-review__label">{followUp.question}</p>
              <AnswerLines lines={followUp.answer} />
            </div>
          ))}
        </li>
      ))}
    </ol>
  );
}

function Treatment({ visit, products }: { visit: Intake; products: Map<string, ProductTemplate> }) {
  if (visit.products.length === 0)
    return <p className="detail-page__muted">No treatment was chosen in this visit.</p>;
  return (
    <ul className="visit-review__products">
      {visit.products.map((product) => {
        const facts: [string, ReactNode][] = [];
        if (product.dosage) facts.push(['Dose', product.dosage]);
        if (product.frequency) facts.push(['How often', product.frequency]);
        if (product.quantity) facts.push(['Quantity', String(product.quantity)]);
        if (product.shipping?.months)
          facts.push([
            'Shipping',
            product.shipping.months === 1 ? 'Every month' : `Every ${product.shipping.months} months`,
          ]);
        const properties = product.treatment_properties;
        if (properties?.recommendation_requested)
          facts.push(['Dose recommendation', 'You asked your physician to recommend the dose']);
        if (properties?.comment) facts.push(['Your note', properties.comment]);
        const name = productName(products.get(product.product_template));
        return (
          <li key={`${product.product_template}-${product.product ?? ''}`} className="visit-review__product">
            <h2 className="detail-page__subtitle">
              {name}
              {product.is_addon ? <span className="visit-review__tag">Add-on</span> : null}
            </h2>
            <DetailFacts facts={facts} />
          </li>
        );
      })}
    </ul>
  );
}

function Identity({ visit, user }: { visit: Intake; user: Patient }) {
  const status = identityBadge(verificationStatusOf(user));
  const given = (url: string | null | undefined) => (url ? 'Provided' : 'Not provided');
  return (
    <>
      <DetailFacts
        facts={[
          ['Verification status', status?.label ?? 'Not started'],
          ['ID photo', given(visit.image_verification.id_image_url)],
          ['Selfie', given(visit.image_verification.profile_image_url)],
        ]}
      />
      <p className="detail-page__muted">Your photos stay private and are not shown here.</p>
    </>
  );
}
