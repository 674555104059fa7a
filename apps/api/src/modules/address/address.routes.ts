import {
  AddressConfig,
  AddressSuggestion,
  AddressSuggestionsQuery,
  ZipLookup,
  ZipParam,
} from '@portal/domain/contracts/address';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors, errorResponses } from '../../platform/errors';
import { describeError } from '../../platform/log-safe';
import { createAddressAutocomplete } from './autocomplete';
import { lookupUsZip } from './zip-lookup';

const tags = ['address'];

/** US address help for the shipping form (000 §5 "limited to US in address search", §7 maps service). */
export const addressRoutes: FastifyPluginAsyncZod = async (app) => {
  const autocomplete = createAddressAutocomplete(app.ctx.config);

  app.get(
    '/v2/address/zip/:zip',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'The city and state of a US ZIP code (offline data)',
        params: z.object({ zip: ZipParam }).strict(),
        response: { 200: ZipLookup, ...errorResponses },
      },
    },
    async (request) => {
      const found = lookupUsZip(request.params.zip);
      if (!found) throw Errors.notFound('The ZIP code');
      return found;
    },
  );

  app.get(
    '/v2/address/config',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'Whether street address suggestions are available',
        response: { 200: AddressConfig, ...errorResponses },
      },
    },
    async () => ({ autocomplete: autocomplete.enabled }),
  );

  app.get(
    '/v2/address/suggestions',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'US street address suggestions from the configured maps service (none when off)',
        querystring: AddressSuggestionsQuery,
        response: { 200: z.array(AddressSuggestion), ...errorResponses },
      },
    },
    async (request) => {
      if (!autocomplete.enabled) return [];
      try {
        return await autocomplete.suggest(request.query.q);
      } catch (error) {
        // Suggestions are a convenience: the patient can always type the address.
        request.log.warn({ err: describeError(error) }, 'address: suggestions unavailable');
        return [];
      }
    },
  );
};
