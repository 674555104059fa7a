import { afterPreferencesTarget } from '@portal/domain/consultation/after-last-question';
import { consultationPath } from '@portal/domain/consultation/consultation-path';
import type { MembershipPrice } from '@portal/domain/contracts/membership';
import { MESSAGES } from '@portal/domain/messages';
import { formatUsd } from '@portal/domain/pricing/money';
import { pricePerMonthCents } from '@portal/domain/pricing/plan-pricing';
import { monthsText, renewsEveryText } from '@portal/domain/pricing/plan-texts';
import { isProfileComplete } from '@portal/domain/validation/profile';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { membershipWithPricesQueryOptions } from '../../../api/memberships';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { readSelectedMembership, writeSelectedMembership } from '../../../lib/funnel-selection';
import { useSessionUser } from '../../../lib/session';
import { MembershipInclusions } from '../components/membership-inclusions';
import { OptionGroup } from '../components/option-group';
import '../components/treatment.css';

/** The price chosen before (this visit), else the Best Value (default) price, else the first. */
function initialPrice(prices: readonly MembershipPrice[], storedPriceId: string | null): string | null {
  return (
    prices.find((p) => p._id === storedPriceId)?._id ??
    prices.find((p) => p.default)?._id ??
    prices[0]?._id ??
    null
  );
}

/** Membership signup step (000 §2 "membership" section, §4 after the last question). */
export default function MembershipPage() {
  const { intakeId = '', membershipId = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const query = useQuery(membershipWithPricesQueryOptions(membershipId));
  const [priceId, setPriceId] = useState<string | null>(null);
  const prices = query.data?.prices ?? [];
  const chosenId = priceId ?? initialPrice(prices, readSelectedMembership(intakeId)?.price_id ?? null);
  const chosen = prices.find((p) => p._id === chosenId);

  function onContinue() {
    if (!query.data || !chosen) return;
    writeSelectedMembership({
      intake: intakeId,
      membership_id: query.data.membership._id,
      price_id: chosen._id,
      name: query.data.membership.name,
      unit_amount: chosen.unit_amount,
      interval_count: chosen.interval_count,
    });
    const target = afterPreferencesTarget(false, isProfileComplete(user));
    void navigate(
      consultationPath(target, { userId, intakeId, query: Object.fromEntries(search.entries()) }),
    );
  }

  return (
    <section className="consult-step consult-step--wide" aria-labelledby="membership-title">
      <header className="consult-step__header">
        <p className="consult-step__eyebrow">Protocol Preference</p>
        <h1 className="consult-step__title" id="membership-title">
          {query.data?.membership.name ?? 'Membership'}
        </h1>
        {query.data ? <p className="consult-step__lead">{query.data.membership.description}</p> : null}
      </header>
      {query.isPending ? (
        <div className="consult-step__center">
          <Spinner size="lg" label="Loading the membership" />
        </div>
      ) : null}
      {query.isError ? (
        <>
          <Alert tone="error">{MESSAGES.generic}</Alert>
          <Button variant="secondary" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </>
      ) : null}
      {query.data ? (
        <div className="tx-layout">
          <MembershipInclusions membership={query.data.membership} title="What's included" />
          <div className="tx-config">
            <OptionGroup
              legend="Choose your plan"
              name="membership-price"
              layout="list"
              value={chosenId}
              onChange={setPriceId}
              options={prices.map((p) => ({
                value: p._id,
                label: monthsText(p.interval_count),
                badge: p.default ? 'Best Value' : undefined,
                details: (
                  <>
                    <span className="tx-price">
                      {formatUsd(pricePerMonthCents(p.unit_amount, p.interval_count))}/mo
                    </span>
                    <span>
                      {formatUsd(p.unit_amount)} · {renewsEveryText(p.interval_count)}
                    </span>
                  </>
                ),
              }))}
            />
            <Button block disabled={!chosen} onClick={onContinue}>
              Continue
            </Button>
          </div>
        </div>
      ) : null}
    </section>
  );
}
