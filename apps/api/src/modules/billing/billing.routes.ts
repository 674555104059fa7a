import {
  AddCardBody,
  BillingProfile,
  BillingProfileBody,
  Card,
  CouponBody,
  CouponDiscount,
  DiscountCodeParam,
  Merchant,
} from '@portal/domain/contracts/billing';
import { Id } from '@portal/domain/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ErrorBody, Errors, errorResponses } from '../../platform/errors';
import { isSandbox } from '../../platform/payments';
import { SANDBOX_TOKENS_URL, sandboxPaymentRoutes } from '../../platform/payments/sandbox.routes';
import { notifierFor } from '../notifications/notifier';
import { createBillingRepository } from './billing.repository';
import { createBillingService } from './billing.service';
import { stripeWebhookRoutes } from './stripe-webhook.routes';

/** Card answers add 402 (declined, with the message to show) and 502 (provider unavailable). */
const cardResponses = { ...errorResponses, 402: ErrorBody, 502: ErrorBody } as const;

/** Cards, billing profile and coupons (000 §4 checkout, §7; 001 §2 Payment information; 002 §7.2). */
export const billingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { payments, db } = app.ctx;
  const billing = createBillingService({
    repo: createBillingRepository(db),
    payments,
    notifier: notifierFor(app),
  });

  if (isSandbox(payments)) await app.register(sandboxPaymentRoutes(payments));
  await app.register(stripeWebhookRoutes);

  app.get(
    '/organization/:org/merchant',
    {
      config: { access: { kind: 'public' } },
      schema: {
        tags: ['billing'],
        summary:
          "The clinic's public payment details for the card field: who charges, country, currency, provider",
        params: z.object({ org: Id }).strict(),
        response: { 200: Merchant, ...errorResponses },
      },
    },
    async (request) => {
      const organization = await app.ctx.organizations.findById(request.params.org);
      if (!organization) throw Errors.notFound('The organization');
      return {
        organization: organization._id,
        name: organization.settings.name || organization.name,
        country: 'US' as const,
        currency: 'usd' as const,
        support_email: organization.settings.support_email ?? null,
        provider: payments.provider,
        publishable_key: payments.publishableKey,
        tokens_url: isSandbox(payments) ? SANDBOX_TOKENS_URL : null,
      };
    },
  );

  app.get(
    '/billing/:org/patient/:user/card',
    {
      config: { access: { kind: 'patient', param: 'user' } },
      schema: {
        tags: ['billing'],
        summary: 'The patient’s saved card',
        params: z.object({ org: Id, user: Id }),
        response: { 200: Card, ...errorResponses },
      },
    },
    async (request) => billing.card(request.params.user),
  );

  // 000 §7 gives the billing path, 002 §7.2 the users path: both are served.
  for (const url of [
    '/billing/:org/patient/:user/billing/profile/create',
    '/users/:org/:user/billing/profile/create',
  ]) {
    app.post(
      url,
      {
        config: { access: { kind: 'patient', param: 'user' } },
        schema: {
          tags: ['billing'],
          summary: 'Create the billing profile (customer) if missing and save the card as its default',
          params: z.object({ org: Id, user: Id }),
          body: BillingProfileBody,
          response: { 200: BillingProfile, ...cardResponses },
        },
      },
      async (request) => {
        const { org, user } = request.params;
        const { organization, user_id, token, referral_id, affiliate_token } = request.body;
        if ((organization && organization !== org) || (user_id && user_id !== user)) {
          throw Errors.badRequest('The organization or user does not match the address.');
        }
        return billing.saveCard(user, token, request.log, { referral_id, affiliate_token });
      },
    );
  }

  // 002 §7.2 names the call "POST /users/{org}/patient/billing" as well: the signed-in patient's own profile
  app.post(
    '/users/:org/patient/billing',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags: ['billing'],
        summary: 'Create the signed-in patient’s billing profile if missing and save the card as its default',
        params: z.object({ org: Id }).strict(),
        body: BillingProfileBody,
        response: { 200: BillingProfile, ...cardResponses },
      },
    },
    async (request) => {
      const auth = request.auth!;
      if (auth.role !== 'patient') throw Errors.forbidden();
      const { organization, user_id, token, referral_id, affiliate_token } = request.body;
      if ((organization && organization !== request.params.org) || (user_id && user_id !== auth.userId)) {
        throw Errors.badRequest('The organization or user does not match the address.');
      }
      return billing.saveCard(auth.userId, token, request.log, { referral_id, affiliate_token });
    },
  );

  app.put(
    '/users/:org/:id/add-card',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags: ['billing'],
        summary: 'Replace the patient’s default card',
        params: z.object({ org: Id, id: Id }),
        body: AddCardBody,
        response: { 200: BillingProfile, ...cardResponses },
      },
    },
    async (request) => {
      const { id } = request.params;
      const { user, charge, charge_amount, token } = request.body;
      if (user && user !== id) throw Errors.badRequest('The user does not match the address.');
      if (charge || (charge_amount ?? 0) > 0) {
        throw Errors.badRequest('Charging while updating the card is not supported.', 'ChargeNotSupported');
      }
      return billing.saveCard(id, token, request.log);
    },
  );

  app.post(
    '/v2/cart/coupon/:code',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags: ['billing'],
        summary: 'The discount of a code on the products of the cart',
        params: z.object({ code: DiscountCodeParam }),
        body: CouponBody,
        response: { 200: CouponDiscount, ...errorResponses },
      },
    },
    async (request) =>
      billing.applyCoupon(request.auth!.organizationId, request.params.code, request.body.products),
  );
};
