import { Physician, PhysiciansByStateQuery } from '@portal/domain/contracts/appointment';
import { Id } from '@portal/domain/contracts/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Errors, errorResponses } from '../../platform/errors';
import { calendlyBookingLink } from '../../platform/scheduling/calendly-link';
import { createPhysiciansRepository, type PhysicianRow } from './physicians.repository';

const tags = ['physicians'];

function toPhysician(row: PhysicianRow): Physician {
  return {
    _id: row.id,
    first_name: row.firstName,
    last_name: row.lastName,
    name: `${row.firstName} ${row.lastName}${row.credentials ? `, ${row.credentials}` : ''}`,
    credentials: row.credentials,
    npi_num: row.npiNum,
    profile_img: { url: row.profileImgUrl },
    bio: { bio_description: row.bio },
    states: row.states,
    scheduling_link: row.schedulingLink,
    is_provider: row.isProvider,
  };
}

const StateId = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { message: 'Must be a state abbreviation such as CA.' })
  .transform((s) => s.toUpperCase());

/** The Providers page's calls (001 §2 Providers page, §7; 002 §7.7). */
export const physiciansRoutes: FastifyPluginAsyncZod = async (app) => {
  const repo = createPhysiciansRepository(app.ctx.db);

  app.get(
    '/physician/:org/state/:stateId',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary:
          'The clinic’s active physicians licensed in a state, with name, photo, NPI, bio, states and booking link (is_provider=true: those shown as providers)',
        params: z.object({ org: Id, stateId: StateId }).strict(),
        querystring: PhysiciansByStateQuery,
        response: { 200: z.array(Physician), ...errorResponses },
      },
    },
    async (request) => {
      const list = (
        await repo.licensedIn(
          request.params.org,
          request.params.stateId,
          request.query.is_provider === 'true',
        )
      ).map(toPhysician);
      if (app.ctx.config.SCHEDULING_PROVIDER !== 'calendly') return list;
      // With Calendly the physician's booking page opens with the patient prefilled and tagged (decision 047).
      const patient = await app.ctx.users.findPatient(request.auth!.userId);
      if (!patient) return list;
      return list.map((p) => ({
        ...p,
        scheduling_link: p.scheduling_link
          ? calendlyBookingLink(
              p.scheduling_link,
              {
                patientId: patient._id,
                name: `${patient.first_name} ${patient.last_name}`.trim(),
                email: patient.email,
              },
              { term: p._id },
            )
          : null,
      }));
    },
  );

  app.get(
    '/physician/:org/physician/:id/states',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'The states a physician of the clinic is licensed in (abbreviations, in order)',
        params: z.object({ org: Id, id: Id }).strict(),
        response: { 200: z.array(z.string()), ...errorResponses },
      },
    },
    async (request) => {
      const physician = await repo.find(request.params.org, request.params.id);
      if (!physician) throw Errors.notFound('The physician');
      return physician.states;
    },
  );
};
