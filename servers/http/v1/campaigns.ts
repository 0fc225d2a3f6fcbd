import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parseBody, type Core } from '../../../src/index.ts';
import { authOf } from '../auth.ts';
import { acceptEmptyJsonBody } from '../optional-body.ts';
import { campaignCreateSchemaV1, campaignSendSchemaV1, campaignUpdateSchemaV1 } from './campaign-body.ts';
import { parseV1PageRequest } from './page-query.ts';
import { nextCursor, v1Route } from './route.ts';
import {
  campaignCreateV1Answer,
  campaignDeletedV1Answer,
  campaignListV1Answer,
  campaignPageV1Query,
  campaignSendV1Answer,
  campaignV1,
  campaignV1Answer,
} from './shapes.ts';

type CampaignParams = { Params: { campaignId: string } };

const v1 = (operation: string, summary: string, rest: Parameters<typeof v1Route>[2]) =>
  v1Route(operation, summary, rest, 'camelCase fields, content with contentType, the answer wrapped in {success: true, …}');

const campaignParams = z.object({ campaignId: z.string().describe('The campaign id (cmp_…).') });

/** v1 campaigns (v2's paths under /api/v1, docs/api.md): the same service as v2, in v1's shapes. */
export async function campaignRoutesV1(app: FastifyInstance, core: Core): Promise<void> {
  const campaigns = core.campaigns;

  const create = v1('create_campaign', 'Create a campaign', {
    body: campaignCreateSchemaV1,
    errors: ['validation_error'],
    response: { 200: campaignCreateV1Answer },
  });
  app.post('/campaigns', create, async (request) => {
    const campaign = await campaigns.create(authOf(request), parseBody(campaignCreateSchemaV1, request.body));
    return { success: true, campaign: campaignV1(campaign), campaignId: campaign.id };
  });

  const list = v1('list_campaigns', 'List campaigns', { query: campaignPageV1Query, response: { 200: campaignListV1Answer } });
  app.get('/campaigns', list, async (request) => {
    const { limit, after } = parseV1PageRequest(request.query as Record<string, unknown>, 'cmp');
    const page = await campaigns.list(authOf(request), { limit, ...(after ? { after } : {}) });
    return { success: true, campaigns: page.data.map(campaignV1), ...nextCursor(page) };
  });

  const get = v1('get_campaign', 'Get one campaign', { params: campaignParams, errors: ['not_found'], response: { 200: campaignV1Answer } });
  app.get<CampaignParams>('/campaigns/:campaignId', get, async (request) => ({
    success: true,
    campaign: campaignV1(await campaigns.get(authOf(request), request.params.campaignId)),
  }));

  const update = v1('update_campaign', 'Change a draft or scheduled campaign', {
    params: campaignParams,
    body: campaignUpdateSchemaV1,
    errors: ['not_found', 'conflict', 'validation_error'],
    response: { 200: campaignV1Answer },
  });
  app.patch<CampaignParams>('/campaigns/:campaignId', update, async (request) => ({
    success: true,
    campaign: campaignV1(await campaigns.update(authOf(request), request.params.campaignId, parseBody(campaignUpdateSchemaV1, request.body))),
  }));

  const remove = v1('delete_campaign', 'Delete a draft or scheduled campaign', {
    params: campaignParams,
    errors: ['not_found', 'conflict'],
    response: { 200: campaignDeletedV1Answer },
  });
  app.delete<CampaignParams>('/campaigns/:campaignId', remove, async (request) => {
    const deleted = await campaigns.remove(authOf(request), request.params.campaignId);
    return { success: true, id: deleted.id };
  });

  // The body ({scheduledAt}) is optional.
  const send = v1('send_campaign', 'Send or schedule a campaign', {
    params: campaignParams,
    body: campaignSendSchemaV1,
    errors: ['not_found', 'conflict', 'validation_error'],
    response: { 200: campaignSendV1Answer },
  });
  await app.register(async (scope) => {
    acceptEmptyJsonBody(scope);
    scope.post<CampaignParams>('/campaigns/:campaignId/send', send, async (request) => {
      const { scheduledAt } = request.body !== undefined ? parseBody(campaignSendSchemaV1, request.body) : { scheduledAt: undefined };
      const { recipient_count, ...campaign } = await campaigns.send(authOf(request), request.params.campaignId, { scheduledAt });
      return { success: true, campaign: campaignV1(campaign), recipientCount: recipient_count };
    });
  });
}
