import {
  accountAlerts,
  coachingSubscription,
  customizableSubscriptions,
  type DashboardWidget,
  externalUrl,
  showRapamycinIntake,
  spansBothColumns,
  visibleWidgets,
} from '@portal/domain/dashboard/widgets';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, startTransition, useEffect, useState } from 'react';
import { coachingAppointmentsQueryOptions } from '../../../api/appointments';
import { subscriptionsQueryOptions } from '../../../api/subscriptions';
import { useBrand } from '../../../lib/brand';
import type { Patient } from '../../../lib/patient';
import { labToStartQueryOptions } from '../lib/lab-to-start';
import { rapamycinCatalogueQueryOptions } from '../lib/rapamycin';
import { visitsInReviewQueryOptions } from '../lib/visits-in-review';
import { ContinueVisit, incompleteVisitsQueryOptions } from './continue-visit';
import { VisitsInReview } from './visits-in-review';
import { AlertsWidget } from './widgets/alerts-widget';
import { CoachingWidget } from './widgets/coaching-widget';
import { LabsWidget } from './widgets/labs-widget';
import { RapamycinIntakeWidget } from './widgets/rapamycin-widget';
import {
  CommunityWidget,
  CustomizeProtocolWidget,
  LabsShopWidget,
  MessageUsWidget,
} from './widgets/simple-widgets';
import { WelcomeVideoWidget } from './widgets/welcome-video-widget';
import './widgets.css';

/** Cells of a widget's usual size while the widgets load; hidden from assistive technology. */
export const SKELETON_CELLS = 2;

export function DashboardWidgetsSkeleton() {
  return (
    <div
      className="dashboard-widgets dashboard-widgets--loading"
      aria-hidden="true"
      data-testid="widgets-skeleton"
    >
      {Array.from({ length: SKELETON_CELLS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders that never reorder
        <div key={index} className="dashboard-widgets__cell">
          <div className="widget widget--skeleton" />
        </div>
      ))}
    </div>
  );
}

/**
 * Visits in Review and the widgets grid (001 §2): every widget's data is loaded here, its visibility rule applied (pure rules of
 * @portal/domain/dashboard/widgets) and the visible ones laid out two by two on desktop, the last of an odd
 * number spanning both columns. A widget whose data is still loading or failed stays hidden.
 */
export function DashboardWidgets({ user, onCustomize }: { user: Patient; onCustomize: () => void }) {
  const queryClient = useQueryClient();
  const { organization } = useBrand();
  const subscriptions = useQuery(subscriptionsQueryOptions(user._id));
  const coaching = coachingSubscription(subscriptions.data ?? []);
  const appointments = useQuery({
    ...coachingAppointmentsQueryOptions(user._id),
    enabled: coaching !== null,
  });
  const visits = useQuery(incompleteVisitsQueryOptions(user._id, queryClient));
  const lab = useQuery(labToStartQueryOptions(user._id));
  const catalogue = useQuery(rapamycinCatalogueQueryOptions());
  const inReview = useQuery(visitsInReviewQueryOptions(user._id));

  const alerts = accountAlerts(user);
  const customizable = customizableSubscriptions(subscriptions.data ?? []);
  const communityUrl = externalUrl(organization?.settings?.community_url);
  const featuredId = catalogue.data?.featuredId ?? null;
  const rapamycinIntake =
    featuredId !== null &&
    subscriptions.isSuccess &&
    inReview.isSuccess &&
    showRapamycinIntake({
      canStart: true,
      subscriptions: subscriptions.data,
      rapamycinTemplateIds: catalogue.data?.templateIds ?? new Set(),
      visitsInReview: inReview.data.length,
    });

  const shown = visibleWidgets({
    coaching: coaching !== null && !appointments.isPending,
    alerts: alerts.length,
    incompleteVisits: visits.data?.length ?? 0,
    labs: Boolean(lab.data),
    rapamycinIntake,
    customizable: customizable.length,
    communityUrl,
  });

  // Widgets appear together once every look-up that decides them has answered (or failed): one by one, each
  // arriving widget would push the ones after it down. Until then skeleton cells hold the grid's place.
  // Once settled the grid stays: a failed look-up that runs again (a new observer mounting) must not bring the
  // skeleton back. The grid is first drawn in a transition, which React renders in slices between which the
  // browser can answer a tap: rendered at once, a first load's dozen widgets held the main thread for one
  // long task.
  const settling =
    subscriptions.isPending ||
    (coaching !== null && appointments.isPending) ||
    visits.isPending ||
    lab.isPending ||
    catalogue.isPending ||
    inReview.isPending;
  const [settled, setSettled] = useState(false);
  useEffect(() => {
    if (!settling && !settled) startTransition(() => setSettled(true));
  }, [settling, settled]);
  if (!settled) return <DashboardWidgetsSkeleton />;

  const render = (widget: DashboardWidget, wide: boolean): ReactNode => {
    switch (widget) {
      case 'coaching':
        return coaching ? (
          <CoachingWidget
            subscription={coaching}
            appointments={appointments.data ?? []}
            now={new Date()}
            wide={wide}
          />
        ) : null;
      case 'welcome-video':
        return <WelcomeVideoWidget wide={wide} />;
      case 'alerts':
        return (
          <AlertsWidget
            alerts={alerts}
            userId={user._id}
            verificationStatus={user.verificationStatus}
            wide={wide}
          />
        );
      case 'incomplete-visits':
        return (
          <ContinueVisit
            user={user}
            visits={visits.data ?? []}
            className={['widget', wide && 'widget--wide', wide && 'continue-visit--wide']
              .filter(Boolean)
              .join(' ')}
          />
        );
      case 'labs':
        return lab.data ? <LabsWidget order={lab.data} wide={wide} /> : null;
      case 'labs-shop':
        return <LabsShopWidget wide={wide} />;
      case 'rapamycin-intake':
        return featuredId ? (
          <RapamycinIntakeWidget userId={user._id} productTemplateId={featuredId} wide={wide} />
        ) : null;
      case 'customize-protocol':
        return <CustomizeProtocolWidget wide={wide} onOpen={onCustomize} />;
      case 'community':
        return communityUrl ? <CommunityWidget url={communityUrl} wide={wide} /> : null;
      case 'message-us':
        return <MessageUsWidget userId={user._id} wide={wide} />;
    }
  };

  return (
    <>
      <VisitsInReview userId={user._id} />
      <div className="dashboard-widgets">
        {shown.map((widget, index) => {
          const wide = spansBothColumns(index, shown.length);
          return (
            <div
              key={widget}
              className={
                wide ? 'dashboard-widgets__cell dashboard-widgets__cell--wide' : 'dashboard-widgets__cell'
              }
              data-widget={widget}
            >
              {render(widget, wide)}
            </div>
          );
        })}
      </div>
    </>
  );
}
