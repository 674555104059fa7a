import type { Subscription } from '@portal/domain/contracts/subscription';
import {
  canSubmitPrescriptionChange,
  DEFAULT_PRESCRIPTION_CHANGE,
  PRESCRIPTION_CHANGE_COMMENT_MAX,
  PRESCRIPTION_CHANGE_LABELS,
  PRESCRIPTION_CHANGE_TYPES,
  type PrescriptionChangeType,
} from '@portal/domain/dashboard/prescription-change';
import { customizableSubscriptions } from '@portal/domain/dashboard/widgets';
import { MESSAGES } from '@portal/domain/messages';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { notificationKeys } from '../../../api/notifications';
import { patientQueryOptions } from '../../../api/patient';
import { productTemplateQueryOptions } from '../../../api/products';
import {
  requestPrescriptionChange,
  subscriptionKeys,
  subscriptionsQueryOptions,
} from '../../../api/subscriptions';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SidePanel } from '../../../components/ui/side-panel';
import { TextArea } from '../../../components/ui/text-area';
import { dosageSuggestionText, suggestsDosage } from '../lib/dosage-suggestion';
import { Confetti } from './confetti';
import './customize-protocol.css';

function planLine(subscription: Subscription): string | null {
  const plan = subscription.product_plans[0];
  const parts = [plan?.dosage, plan?.frequency].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

/**
 * The dosage quantity helper's line for a raise or lower request (001 §9): the patient's weight from their record,
 * the recommended maximum and medication type from the subscription's product template. Nothing while either
 * loads or when they give no suggestion.
 */
function DosageSuggestion({
  userId,
  subscription,
  action,
}: {
  userId: string;
  subscription: Subscription;
  action: PrescriptionChangeType | null;
}) {
  const templateId = subscription.product_plans[0]?.product_template?._id ?? '';
  const wanted = suggestsDosage(action);
  const template = useQuery({
    ...productTemplateQueryOptions(templateId),
    enabled: wanted && Boolean(templateId),
  });
  const patient = useQuery({ ...patientQueryOptions(userId), enabled: wanted && Boolean(userId) });
  const text =
    wanted && template.data && patient.data ? dosageSuggestionText(template.data, patient.data.weight) : null;
  return (
    <div className="customize__suggestion-live" aria-live="polite">
      {text ? <p className="customize__suggestion">{text}</p> : null}
    </div>
  );
}

function CustomizeForm({
  userId,
  subscription,
  onBack,
  onSubmitted,
}: {
  userId: string;
  subscription: Subscription;
  onBack: () => void;
  onSubmitted: () => void;
}) {
  const queryClient = useQueryClient();
  const legendId = useId();
  const [action, setAction] = useState<PrescriptionChangeType | null>(DEFAULT_PRESCRIPTION_CHANGE);
  const [details, setDetails] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = useMutation({
    mutationFn: (type: PrescriptionChangeType) => requestPrescriptionChange(subscription._id, type, details),
    onSuccess: async () => {
      onSubmitted();
      await queryClient.invalidateQueries({ queryKey: subscriptionKeys.all });
      await queryClient.invalidateQueries({ queryKey: notificationKeys.all });
    },
    onError: () => setError(MESSAGES.customizeFailure),
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSubmitPrescriptionChange(subscription._id, action) || action === null) {
      setError(MESSAGES.customizeFailure);
      return;
    }
    setError(null);
    submit.mutate(action);
  };

  return (
    <form className="customize__form" onSubmit={onSubmit} noValidate>
      <Button variant="ghost" size="sm" className="customize__back" onClick={onBack}>
        <span aria-hidden="true">←</span> Back to treatments
      </Button>
      <div>
        <h3 className="customize__name">{subscription.name}</h3>
        {planLine(subscription) ? <p className="customize__plan">{planLine(subscription)}</p> : null}
      </div>
      <fieldset className="customize__actions" aria-labelledby={legendId}>
        <legend id={legendId} className="customize__legend">
          What would you like to change?
        </legend>
        {PRESCRIPTION_CHANGE_TYPES.map((type) => (
          <label key={type} className="customize__option">
            <input
              type="radio"
              name="requestType"
              value={type}
              checked={action === type}
              onChange={() => setAction(type)}
            />
            <span>{PRESCRIPTION_CHANGE_LABELS[type]}</span>
          </label>
        ))}
      </fieldset>
      <DosageSuggestion userId={userId} subscription={subscription} action={action} />
      <TextArea
        label="Details"
        hint="Tell your physician what you'd like to change and why, e.g. side effects or how you feel."
        value={details}
        maxLength={PRESCRIPTION_CHANGE_COMMENT_MAX}
        onChange={(event) => setDetails(event.target.value)}
        rows={5}
      />
      {error ? <Alert tone="error">{error}</Alert> : null}
      <Button type="submit" block loading={submit.isPending}>
        Submit Request
      </Button>
    </form>
  );
}

/**
 * The Customize Protocol panel (001 §2, §4 Customize request): the default list of the patient's active
 * medication subscriptions, then the customize view of the chosen one (action Other by default, details);
 * a failure shows the error and stays, a success hands over to the Success panel.
 */
export function CustomizeProtocolPanel({
  userId,
  open,
  onClose,
  onSubmitted,
}: {
  userId: string;
  open: boolean;
  onClose: () => void;
  onSubmitted: () => void;
}) {
  const { data, isPending, isError } = useQuery({ ...subscriptionsQueryOptions(userId), enabled: open });
  const [chosenId, setChosenId] = useState<string | null>(null);
  const list = customizableSubscriptions(data ?? []);
  const chosen = list.find((s) => s._id === chosenId) ?? null;
  const close = () => {
    setChosenId(null);
    onClose();
  };

  return (
    <SidePanel open={open} onClose={close} title="Customize Protocol">
      {chosen ? (
        <CustomizeForm
          key={chosen._id}
          userId={userId}
          subscription={chosen}
          onBack={() => setChosenId(null)}
          onSubmitted={() => {
            setChosenId(null);
            onSubmitted();
          }}
        />
      ) : (
        <div className="customize__list-view">
          <p className="customize__lead">Choose the treatment you'd like to change.</p>
          {isPending ? <p className="customize__lead">Loading your treatments…</p> : null}
          {isError ? <Alert tone="error">{MESSAGES.generic}</Alert> : null}
          {!isPending && !isError && list.length === 0 ? (
            <p className="customize__lead">You have no active medication subscriptions to customize.</p>
          ) : null}
          <ul className="customize__list">
            {list.map((subscription) => (
              <li key={subscription._id}>
                <button
                  type="button"
                  className="customize__choice"
                  aria-label={`Customize ${subscription.name}`}
                  onClick={() => setChosenId(subscription._id)}
                >
                  <span className="customize__choice-name">{subscription.name}</span>
                  {planLine(subscription) ? (
                    <span className="customize__choice-plan">{planLine(subscription)}</span>
                  ) : null}
                  <span className="customize__chevron" aria-hidden="true">
                    ›
                  </span>
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </SidePanel>
  );
}

/** The Success panel (001 §2): the request's confirmation with the confetti. */
export function CustomizeSuccessPanel({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <>
      {open ? <Confetti /> : null}
      <SidePanel open={open} onClose={onClose} title="Request Submitted">
        <div className="customize__success">
          <span className="customize__success-icon" aria-hidden="true">
            ✓
          </span>
          <p role="status">{MESSAGES.customizeSuccess}</p>
          <Button block onClick={onClose}>
            Done
          </Button>
        </div>
      </SidePanel>
    </>
  );
}
