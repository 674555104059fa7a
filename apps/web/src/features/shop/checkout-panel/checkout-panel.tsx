import { MESSAGES } from '@portal/domain/messages';
import { SUBSCRIPTION_ALREADY_EXISTS } from '@portal/domain/shop/checkout/direct-checkout';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { savedCardQueryOptions } from '../../../api/billing';
import { membershipWithPricesQueryOptions } from '../../../api/memberships';
import { productTemplateQueryOptions, templateProductsQueryOptions } from '../../../api/products';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { SidePanel } from '../../../components/ui/side-panel';
import { Spinner } from '../../../components/ui/spinner';
import { useSessionUser } from '../../../lib/session';
import { DirectCheckoutForm } from './direct-checkout-form';
import './checkout-panel.css';

export type CheckoutPanelResult = { kind: 'lab'; orderId: string } | { kind: 'other' };

export interface CheckoutPanelProps {
  templateId: string;
  onClose: () => void;
  /** A lab purchase has already navigated; any other purchase lets the shop show its success modal. */
  onPurchased: (result: CheckoutPanelResult) => void;
}

/**
 * The shop's direct checkout (002 §2.7, §4.4), lazily loaded while `?checkout={templateId}` is set: the
 * template, its priced products, the membership's prices when it has one and the saved card are loaded, then
 * the checkout form (or the 'Subscription Already Exists' choices) fills the side panel.
 */
export default function CheckoutPanel({ templateId, onClose, onPurchased }: CheckoutPanelProps) {
  const user = useSessionUser();
  const userId = user?._id ?? '';
  const template = useQuery(productTemplateQueryOptions(templateId));
  const products = useQuery(templateProductsQueryOptions(templateId));
  const membershipId = template.data?.membership?._id ?? '';
  const membership = useQuery({
    ...membershipWithPricesQueryOptions(membershipId),
    enabled: Boolean(membershipId),
  });
  const savedCard = useQuery({ ...savedCardQueryOptions(userId), enabled: Boolean(userId) });
  // Set when the server answers that the patient already subscribes; 'One Time Purchase' clears it.
  const [alreadySubscribed, setAlreadySubscribed] = useState(false);
  const [oneTimeOnly, setOneTimeOnly] = useState(false);

  const loading =
    template.isPending ||
    products.isPending ||
    savedCard.isPending ||
    (Boolean(membershipId) && membership.isPending);
  const failed = template.isError || products.isError;
  const title = alreadySubscribed
    ? SUBSCRIPTION_ALREADY_EXISTS.title
    : template.data
      ? `Purchase ${template.data.product_name}`
      : 'Checkout';

  let body: React.ReactNode;
  if (!user) body = <Alert tone="error">{MESSAGES.generic}</Alert>;
  else if (failed)
    body = (
      <div className="co-panel__stack">
        <Alert tone="error">{MESSAGES.generic}</Alert>
        <Button
          variant="secondary"
          onClick={() => {
            void template.refetch();
            void products.refetch();
          }}
        >
          Try again
        </Button>
      </div>
    );
  else if (loading)
    body = (
      <div className="co-panel__loading">
        <Spinner label="Loading your checkout" />
      </div>
    );
  else if (products.data.length === 0) body = <Alert tone="error">{MESSAGES.productUndefined}</Alert>;
  else
    body = (
      <DirectCheckoutForm
        user={user}
        template={template.data}
        products={products.data}
        membershipPrices={membership.data?.prices ?? []}
        savedCard={savedCard.data ?? null}
        oneTimeOnly={oneTimeOnly}
        alreadySubscribed={alreadySubscribed}
        onAlreadySubscribed={() => setAlreadySubscribed(true)}
        onOneTimePurchase={() => {
          setAlreadySubscribed(false);
          setOneTimeOnly(true);
        }}
        onClose={onClose}
        onPurchased={onPurchased}
      />
    );

  return (
    <SidePanel open onClose={onClose} title={title} closeLabel="Close checkout">
      {body}
    </SidePanel>
  );
}
