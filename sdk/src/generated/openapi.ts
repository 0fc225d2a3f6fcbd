// Generated from /openapi.json by `npm run sdk:types`: do not edit.
export interface paths {
    "/api/v2/emails": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sent emails, newest first
         * @description Returns a page of the emails this organization sent, newest first, without their bodies (get_email has them). Page with limit and the after/before cursors: has_more says whether another page follows; pass the last id as after to get it. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["list_emails"];
        put?: never;
        /**
         * Send one transactional email
         * @description Queues one email to one recipient for delivery and returns its id at once; delivery happens in the background (follow it with get_email, whose last_event moves from queued to sent and delivered, or bounced/failed). Give the content as exactly one of html, markdown or tiptap; the plain-text part is derived, and preview is shown by mail clients after the subject. Use it for messages to one person triggered by what they did (a receipt, a password reset); for many recipients at once use send_batch. Pass an idempotency_key when you may retry: a retry with the same key and input returns the first id and sends nothing twice. Addresses at mailgate.test are fixtures that never leave the server: delivered@, bounced@ and complained@mailgate.test (with any +suffix) walk through queued → sent → delivered, bounced or complained. When the server delivers through a relay, from must be at a domain the organization has verified (create_domain, then verify_domain once its DNS records are published); mail from any other domain is refused with forbidden (code domain_not_verified) naming it, and nothing is sent. Each recipient mailbox may receive at most 5 transactional emails per 10 minutes and 20 per 24 hours from one organization, and none while it is on bounce cooldown after a bounce; past that the send is refused with recipient_rate_limited and a retry-after time (raising the plan does not lift it). Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["send_email"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/emails/batch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send up to 100 transactional emails in one call
         * @description Queues 1 to 100 emails, each given like a send_email body (one recipient each), and returns their ids in the order given. validation "strict" (the default) sends nothing when any item is invalid and names every problem by index ([2].subject); "permissive" sends the valid items and lists the invalid ones under errors. Pass an idempotency_key when you may retry: the whole batch is then answered from the first time. Addresses at mailgate.test are fixtures that never leave the server: delivered@, bounced@ and complained@mailgate.test (with any +suffix) walk through queued → sent → delivered, bounced or complained. When the server delivers through a relay, from must be at a domain the organization has verified (create_domain, then verify_domain once its DNS records are published); mail from any other domain is refused with forbidden (code domain_not_verified) naming it, and nothing is sent. Each recipient mailbox may receive at most 5 transactional emails per 10 minutes and 20 per 24 hours from one organization, and none while it is on bounce cooldown after a bounce; past that the send is refused with recipient_rate_limited and a retry-after time (raising the plan does not lift it). The whole batch costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["send_batch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/emails/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one email with its delivery status and bodies
         * @description Returns an email sent by this organization: its last_event (queued, sent, delivered, delivery_delayed, bounced, complained, failed; opened and clicked when tracked), every event with its time, the html and text as stored, and the finished message when it was captured. Use it after send_email to see whether a message arrived. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["get_email"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/subscribers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List subscribers, filtered by status, tag or text
         * @description Returns a page of subscribers, newest first, optionally only those with a status, a tag, or an email or name containing some text. Page with limit and the after/before cursors: has_more says whether another page follows; pass the last id as after to get it. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["list_subscribers"];
        put?: never;
        /**
         * Create a subscriber, or update the one with this email
         * @description Creates a subscriber with this email address (subscribed unless a status is given), or updates the one that already has it: names and status are set, attributes are merged (a null value removes a key), tags are attached. Use it to add people to the audience, e.g. after a sign-up form; it is safe to repeat. Returns the subscriber. Changes start the workflows they trigger unless triggerWorkflows is false. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["upsert_subscriber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/subscribers/{subscriber}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one subscriber by id or email
         * @description Returns the subscriber with this id or email address: status, names, attributes and tags. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["get_subscriber"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Change a subscriber: email, names, status, attributes
         * @description Changes the fields given and leaves the others as they are; attributes are merged (a null value removes a key). Changing email to one another subscriber has is refused (conflict). Use add_tags and remove_tags for tags, unsubscribe_subscriber to unsubscribe. Changes start the workflows they trigger unless triggerWorkflows is false. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        patch: operations["update_subscriber"];
        trace?: never;
    };
    "/api/v2/subscribers/{subscriber}/unsubscribe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Unsubscribe a subscriber
         * @description Sets the subscriber's status to unsubscribed and records when; they keep their data and tags, and campaigns no longer reach them. Repeating it changes nothing. Changes start the workflows they trigger unless triggerWorkflows is false. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["unsubscribe_subscriber"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/subscribers/{subscriber}/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Attach tags to a subscriber
         * @description Attaches the named tags to the subscriber, creating tags that do not exist yet; a tag already attached is left as it is. Returns the subscriber. Changes start the workflows they trigger unless triggerWorkflows is false. (a workflow may start when a tag is added). Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["add_tags"];
        /**
         * Detach tags from a subscriber
         * @description Detaches the named tags from the subscriber; a tag it does not have, or that does not exist, is not an error. The tags themselves remain. Returns the subscriber. Changes start the workflows they trigger unless triggerWorkflows is false. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        delete: operations["remove_tags"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/subscribers/{subscriber}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a subscriber's events, newest first
         * @description Returns a page of what happened to a subscriber, newest first: events recorded with track_event, and those the platform records itself (subscriber_created, tag_added, tag_removed, status changes such as unsubscribed, email_delivered, email_bounced). Page with limit and the after/before cursors. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["list_subscriber_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Record an event for a subscriber
         * @description Records that something happened to the subscriber with this email (created, subscribed, when there is none): a name of your choosing (signed_up, order_placed) and any properties. Workflows whose trigger is this event name start for the subscriber, unless triggerWorkflows is false. Names the platform records itself (subscriber_created, tag_added, unsubscribed, …) are refused. Returns the event. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["track_event"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/tags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List tags, newest first
         * @description Returns a page of the organization's tags with how many subscribers each has, newest first. Page with limit and the after/before cursors. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["list_tags"];
        put?: never;
        /**
         * Create a tag
         * @description Creates a tag with this name, attached to nobody yet. A name that exists already is refused (conflict). Tags are also created on the fly by add_tags and upsert_subscriber; create one ahead when a workflow should wait for it. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["create_tag"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/tags/{tag}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one tag by id or name
         * @description Returns the tag with this id or name and how many subscribers have it. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["get_tag"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/workflows": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List workflows, newest first
         * @description Returns a page of the organization's workflows with their triggers and steps, newest first. Page with limit and the after/before cursors. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["list_workflows"];
        put?: never;
        /**
         * Create an automation started by subscriber events
         * @description A workflow has a trigger ({type:"event", name} for an event recorded with track_event, {type:"tag_added", tag}, or {type:"subscriber_created"}) and steps run in order for the subscriber that triggered it: {type:"send_email", …a send_email body without to…}, {type:"wait", seconds}, {type:"add_tag", tag}, {type:"remove_tag", tag}. A send step's subject, preview and content may hold placeholders filled from the subscriber: {{first_name}}, {{last_name}}, {{email}}, {{attributes.KEY}}, each with an optional default ({{first_name | "there"}}). Each send step is checked and rendered now, so a workflow that could never send is refused. Runs start for events recorded after it is created, while it is active (the default). Emails sent by workflows are not held by the transactional recipient guard. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["create_workflow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/workflows/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one workflow
         * @description Returns the workflow with its status, trigger and steps. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["get_workflow"];
        put?: never;
        post?: never;
        /**
         * Delete a workflow
         * @description Deletes the workflow; its runs in progress stop at their next step and no new runs start. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        delete: operations["delete_workflow"];
        options?: never;
        head?: never;
        /**
         * Change, pause or resume a workflow
         * @description Changes the fields given. status "paused" holds the runs in progress at their next step; "active" lets them go on at once. New steps apply to runs when they reach them. A workflow has a trigger ({type:"event", name} for an event recorded with track_event, {type:"tag_added", tag}, or {type:"subscriber_created"}) and steps run in order for the subscriber that triggered it: {type:"send_email", …a send_email body without to…}, {type:"wait", seconds}, {type:"add_tag", tag}, {type:"remove_tag", tag}. A send step's subject, preview and content may hold placeholders filled from the subscriber: {{first_name}}, {{last_name}}, {{email}}, {{attributes.KEY}}, each with an optional default ({{first_name | "there"}}). Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        patch: operations["update_workflow"];
        trace?: never;
    };
    "/api/v2/workflows/{id}/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the runs of a workflow, newest first
         * @description Returns a page of the runs of one workflow: which subscriber, which step it is at, whether it is waiting (and until when), finished, failed (with the error) or cancelled. Page with limit and the after/before cursors. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["list_workflow_runs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/campaigns": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List campaigns, newest first
         * @description Returns a page of the organization's campaigns with their status and stats, newest first, optionally only those with one status. Page with limit and the after/before cursors. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["list_campaigns"];
        put?: never;
        /**
         * Create a campaign (a draft) for an audience of subscribers
         * @description Creates a draft campaign: a name, a sender, a subject, exactly one of html, markdown or tiptap, the audience (subscribed subscribers with any or all of some tags; no tags = every subscribed subscriber) and open/click tracking. Subject, preview and content may hold placeholders filled per recipient: {{first_name}}, {{last_name}}, {{email}}, {{attributes.KEY}}, each with an optional default ({{first_name | "there"}}), and {{unsubscribe_url}}; values are HTML-escaped in HTML. A malformed placeholder is refused when the campaign is saved. Every campaign email carries a one-click unsubscribe link (in the body, where {{unsubscribe_url}} is placed or in a footer, and in the List-Unsubscribe headers). Nothing is sent until send_campaign. Returns the campaign. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["create_campaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/campaigns/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one campaign with its stats
         * @description Returns the campaign: its content, audience, status (draft, scheduled, sending, sent, cancelled) and stats (recipients, skipped, sent, delivered, bounced, complained, failed, opened, clicked, unsubscribed), counted as the events happen. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["get_campaign"];
        put?: never;
        post?: never;
        /**
         * Delete a draft or scheduled campaign
         * @description Deletes a draft or scheduled campaign (a scheduled one is not sent). A campaign that is sending, sent or cancelled is kept: conflict. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        delete: operations["delete_campaign"];
        options?: never;
        head?: never;
        /**
         * Change a draft or scheduled campaign
         * @description Changes the fields given of a draft or scheduled campaign (a campaign that is sending, sent or cancelled cannot be changed: conflict). A content field replaces the content. On a scheduled campaign, scheduled_at moves the send time, and null takes it back to draft. Subject, preview and content may hold placeholders filled per recipient: {{first_name}}, {{last_name}}, {{email}}, {{attributes.KEY}}, each with an optional default ({{first_name | "there"}}), and {{unsubscribe_url}}; values are HTML-escaped in HTML. A malformed placeholder is refused when the campaign is saved. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        patch: operations["update_campaign"];
        trace?: never;
    };
    "/api/v2/campaigns/{id}/send": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a draft campaign to its audience now, or schedule it
         * @description Sends the campaign to every subscribed member of its audience, one personalized email each, or, with scheduled_at, schedules it for that time. This emails real people and cannot be undone once sent: before calling it, tell the user how many recipients it will reach (count_audience with the campaign id) and get their go-ahead. Only a draft can be sent; a second send is a conflict. Unsubscribed, bounced and complained subscribers and addresses on bounce cooldown are skipped. Returns the campaign (status sending or scheduled) and recipient_count, the number of subscribed members now. Follow progress with get_campaign (stats); stop it with cancel_campaign. When the server delivers through a relay, from must be at a domain the organization has verified (create_domain, then verify_domain once its DNS records are published); mail from any other domain is refused with forbidden (code domain_not_verified) naming it, and nothing is sent. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["send_campaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/campaigns/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Stop a scheduled or sending campaign
         * @description Cancels a scheduled campaign (it is not sent) or one that is sending: no new recipient is started; emails already handed on finish. Returns the campaign, status cancelled; its stats keep what was sent. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["cancel_campaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/campaigns/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send test copies of a campaign to a few addresses
         * @description Sends one copy of the campaign to each of up to 5 addresses, personalized as the given subscriber (id or email) would see it, or with empty values and defaults when none is given. The copies' unsubscribe link unsubscribes nobody. Test copies are transactional sends: the recipient guard applies to them. Returns the ids of the emails. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["test_campaign"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the API tokens in use, newest first
         * @description Returns a page of the organization's API tokens that are not revoked, newest first: name, permission, the prefix and last four characters, when created and when last used (to the minute). Never a secret. Page with limit and the after/before cursors. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["list_tokens"];
        put?: never;
        /**
         * Create an API token
         * @description Creates an API token for the organization and returns it with its secret (token), shown this once: Mailgate keeps only a hash. permission "read" makes a token that may only read (every write is refused, and it cannot submit mail over SMTP); "full" (the default) may do everything. The token works on REST (v1 and v2), SMTP submission (as the password) and /mcp. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["create_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an API token
         * @description Revokes the token: its very next request fails (REST, SMTP and MCP), and the OAuth grants approved with it end too. It cannot be undone. Revoking the token this call is made with is allowed: the call succeeds, the next one fails. An unknown or already revoked token is not_found. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        delete: operations["revoke_token"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/emails/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check whether an email address can receive mail
         * @description Checks an address before you send to it: its syntax, whether its domain is a throwaway (disposable) one or a likely typo of a common provider (with a suggestion), whether the domain accepts mail (MX, or A/AAAA), and whether it is a role account (info@, support@…). Answers {valid, error, code}: valid is true, false, or null when DNS could not be reached (code dns_unavailable: try again later). Sends nothing and changes nothing. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["verify_email"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check whether an email address can receive mail
         * @description Checks an address before you send to it: its syntax, whether its domain is a throwaway (disposable) one or a likely typo of a common provider (with a suggestion), whether the domain accepts mail (MX, or A/AAAA), and whether it is a role account (info@, support@…). Answers {valid, error, code}: valid is true, false, or null when DNS could not be reached (code dns_unavailable: try again later). Sends nothing and changes nothing. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List sending domains, newest first
         * @description Returns a page of the organization's sending domains with their records and status, newest first. Page with limit and the after/before cursors. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["list_domains"];
        put?: never;
        /**
         * Add a sending domain and get the DNS records to publish
         * @description Adds a domain the organization sends from and makes its DKIM key (RSA 2048; the private key never leaves the server). Returns the domain (status pending) with the DNS records to publish: DKIM and SPF (required) and DMARC (recommended). Publish them, then call verify_domain. A domain the organization has already is a conflict. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["create_domain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/domains/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one sending domain
         * @description Returns the domain: its status, and each DNS record to publish with what the last check found. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["get_domain"];
        put?: never;
        post?: never;
        /**
         * Remove a sending domain
         * @description Removes the domain and its DKIM key: its mail is no longer signed. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        delete: operations["delete_domain"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/domains/{id}/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check a sending domain's DNS records now
         * @description Looks the domain's records up in DNS now and answers the domain with a result per record. verified when DKIM and SPF are published as given (its mail is then DKIM-signed); failed when one is missing or different. DNS that does not answer (within a few seconds) marks those records dns_unavailable and leaves the status as it was: try again. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["verify_domain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhooks, newest first
         * @description Returns a page of the organization's webhooks (never their secrets), newest first. Page with limit and the after/before cursors. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["list_webhooks"];
        put?: never;
        /**
         * Subscribe a URL to events
         * @description Creates a webhook: the URL receives the event types given (email.sent, email.delivered, email.delivery_delayed, email.bounced, email.complained, email.failed, email.opened, email.clicked, subscriber.created, subscriber.updated, subscriber.unsubscribed, campaign.sent). Each event is POSTed as {type, timestamp, data}, signed by the Standard Webhooks scheme (webhook-id, webhook-timestamp, webhook-signature headers) with the webhook's whsec_ secret; a delivery that does not get a 2xx is tried again for about a day, then marked failed. The answer holds the signing secret (secret), shown this once. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["create_webhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one webhook
         * @description Returns the webhook: its URL, event types and whether it is enabled (never its secret). Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["get_webhook"];
        put?: never;
        post?: never;
        /**
         * Delete a webhook
         * @description Deletes the webhook and its deliveries: nothing more is sent to it, pending deliveries included. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        delete: operations["delete_webhook"];
        options?: never;
        head?: never;
        /**
         * Change a webhook
         * @description Changes the fields given: its URL, its event types, or enabled (false pauses it: events are not recorded for it while disabled). Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        patch: operations["update_webhook"];
        trace?: never;
    };
    "/api/v2/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List a webhook's recent deliveries, newest first
         * @description Returns a page of the webhook's deliveries, newest first: the event type, status (pending, delivered, failed), attempts, the last answer's HTTP status and the start of its body, and when it is tried next. Page with limit and the after/before cursors. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        get: operations["list_webhook_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/audience/count": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Count how many subscribers a campaign would reach
         * @description Counts the subscribed subscribers of a campaign's audience (campaign_id) or of an audience given here ({tags, match}; none = every subscribed subscriber): how many emails a send would queue now. Unknown tags are refused, naming them. Costs one request of the organization's per-minute quota (free 100, premium 700, enterprise 2000).
         */
        post: operations["count_audience"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/tools": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the tools
         * @description Every operation of this API as a tool, described as the MCP server at /mcp and `mailgate tools list` describe it: name, title, description, JSON Schemas of input and output, and behaviour hints. A read-only token sees the read-only tools only, as on /mcp.
         */
        get: operations["list_tools"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v2/tools/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get one tool
         * @description One tool by name, as GET /api/v2/tools lists it.
         */
        get: operations["get_tool"];
        put?: never;
        /**
         * Run a tool
         * @description Runs one tool with the body as its input and answers {data: <the tool's answer>}; a refusal is the v2 error with the status the tool's own REST route would give. Costs what the tool costs.
         */
        post: operations["run_tool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: never;
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    list_emails: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, 1–100 (default 20), newest first.
                 * @example 20
                 */
                limit?: number;
                /** @description Cursor: the id of the last record of the previous page; returns the records after it (older). */
                after?: string;
                /** @description Cursor: the id of the first record of the current page; returns the records before it (newer). Not with after. */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: {
                            /** @enum {string} */
                            object: "email";
                            /** @description The email id (eml_…). */
                            id: string;
                            from: string;
                            /** @description The recipient (one address per email). */
                            to: string[];
                            subject: string;
                            reply_to: string | null;
                            /**
                             * @description Where delivery stands: queued, sent, delivered, delivery_delayed, bounced, complained, failed; opened and clicked when tracked.
                             * @enum {string}
                             */
                            last_event: "queued" | "sent" | "delivered" | "delivery_delayed" | "bounced" | "complained" | "failed" | "opened" | "clicked";
                            /** @description ISO 8601 date and time (UTC). */
                            created_at: string;
                            /** @description ISO 8601 date and time (UTC). */
                            updated_at: string;
                        }[];
                        /** @description True when more records follow: pass the last id as `after` to get them. */
                        has_more: boolean;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    send_email: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (1–256 printable characters, e.g. a UUID). A retry with the same key and the same input within 24 hours returns the first answer and sends nothing more; the same key with other input is refused (409). */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from": "Acme <hello@acme.example>",
                 *       "to": "delivered+welcome@mailgate.test",
                 *       "subject": "Welcome to Acme",
                 *       "markdown": "# Welcome\n\nYour account is ready.",
                 *       "preview": "Your account is ready"
                 *     }
                 */
                "application/json": {
                    /** @description Sender: "name@example.com" or "Name <name@example.com>". */
                    from: string;
                    /** @description Recipient: one address, or an array holding exactly one address. */
                    to: string | string[];
                    /** @description Subject line, 1–998 characters, no line breaks. */
                    subject: string;
                    /** @description Content as HTML, sent as given; the text part is derived from it. */
                    html?: string;
                    /** @description Content as Markdown, rendered to HTML and text. */
                    markdown?: string;
                    /** @description Content as a tiptap (ProseMirror JSON) document: {"type":"doc","content":[…]}. */
                    tiptap?: {
                        /** @enum {string} */
                        type: "doc";
                        content?: unknown[];
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description Address replies should go to. */
                    reply_to?: string;
                    /** @description Preview (preheader) text mail clients show after the subject; inserted hidden at the start of the HTML. */
                    preview?: string;
                } & (unknown | unknown | unknown);
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The new email id (eml_…): pass it to get_email to follow its delivery. */
                        id: string;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description conflict or idempotency_conflict */
            409: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    send_batch: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (1–256 printable characters, e.g. a UUID). A retry with the same key and the same input within 24 hours returns the first answer and sends nothing more; the same key with other input is refused (409). */
                "Idempotency-Key"?: string;
                /** @description strict: all or nothing; permissive: send the valid items, report the others. */
                "Batch-Validation"?: "strict" | "permissive";
            };
            path?: never;
            cookie?: never;
        };
        /** @description The emails: 1 to 100 send bodies, each as for send_email (without idempotency_key). */
        requestBody: {
            content: {
                /**
                 * @example [
                 *       {
                 *         "from": "Acme <hello@acme.example>",
                 *         "to": "delivered+one@mailgate.test",
                 *         "subject": "Your receipt",
                 *         "html": "<p>Thank you.</p>"
                 *       },
                 *       {
                 *         "from": "Acme <hello@acme.example>",
                 *         "to": "delivered+two@mailgate.test",
                 *         "subject": "Your receipt",
                 *         "html": "<p>Thank you.</p>"
                 *       }
                 *     ]
                 */
                "application/json": ({
                    /** @description Sender: "name@example.com" or "Name <name@example.com>". */
                    from: string;
                    /** @description Recipient: one address, or an array holding exactly one address. */
                    to: string | string[];
                    /** @description Subject line, 1–998 characters, no line breaks. */
                    subject: string;
                    /** @description Content as HTML, sent as given; the text part is derived from it. */
                    html?: string;
                    /** @description Content as Markdown, rendered to HTML and text. */
                    markdown?: string;
                    /** @description Content as a tiptap (ProseMirror JSON) document: {"type":"doc","content":[…]}. */
                    tiptap?: {
                        /** @enum {string} */
                        type: "doc";
                        content?: unknown[];
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description Address replies should go to. */
                    reply_to?: string;
                    /** @description Preview (preheader) text mail clients show after the subject; inserted hidden at the start of the HTML. */
                    preview?: string;
                } & (unknown | unknown | unknown))[];
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description One entry per email sent, in the order given. */
                        data: {
                            /** @description The new email id (eml_…): pass it to get_email to follow its delivery. */
                            id: string;
                        }[];
                        /** @description permissive only: the items not sent, and why. */
                        errors?: {
                            /** @description Position of the refused item in emails (0-based). */
                            index: number;
                            message: string;
                            details: {
                                path: string;
                                message: string;
                            }[];
                        }[];
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description conflict or idempotency_conflict */
            409: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    get_email: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The email id (eml_…) send_email returned.
                 * @example eml_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "email";
                        /** @description The email id (eml_…). */
                        id: string;
                        from: string;
                        /** @description The recipient (one address per email). */
                        to: string[];
                        subject: string;
                        reply_to: string | null;
                        /**
                         * @description Where delivery stands: queued, sent, delivered, delivery_delayed, bounced, complained, failed; opened and clicked when tracked.
                         * @enum {string}
                         */
                        last_event: "queued" | "sent" | "delivered" | "delivery_delayed" | "bounced" | "complained" | "failed" | "opened" | "clicked";
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                        preview: string | null;
                        /** @description The Message-ID header of the message sent. */
                        message_id: string;
                        /** @description The HTML as stored: as given, with the preview text inserted hidden at its start when one was given. */
                        html: string;
                        /** @description The plain-text part: as given, or derived from the HTML. */
                        text: string;
                        /** @description Every change of last_event, oldest first. */
                        events: {
                            id: string;
                            /** @enum {string} */
                            type: "queued" | "sent" | "delivered" | "delivery_delayed" | "bounced" | "complained" | "failed" | "opened" | "clicked";
                            /** @description ISO 8601 date and time (UTC). */
                            created_at: string;
                            /** @description What the event adds: a relay reply, a bounce reason, a clicked url, a user agent. */
                            detail: {
                                [key: string]: unknown;
                            } | null;
                        }[];
                        /** @description The finished RFC 5322 message as captured (capture transport), else null. */
                        raw: string | null;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    list_subscribers: {
        parameters: {
            query?: {
                /**
                 * @description Only subscribers with this status.
                 * @example subscribed
                 */
                status?: "subscribed" | "unsubscribed" | "bounced" | "complained";
                /**
                 * @description Only subscribers with this tag (id or name).
                 * @example customers
                 */
                tag?: string;
                /** @description Only subscribers whose email or name contains this text (case-insensitive). */
                query?: string;
                /**
                 * @description How many records to return, 1–100 (default 20), newest first.
                 * @example 50
                 */
                limit?: number;
                /** @description Cursor: the id of the last record of the previous page; returns the records after it (older). */
                after?: string;
                /** @description Cursor: the id of the first record of the current page; returns the records before it (newer). Not with after. */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: {
                            /** @enum {string} */
                            object: "subscriber";
                            /** @description The subscriber id (sub_…). */
                            id: string;
                            email: string;
                            first_name: string | null;
                            last_name: string | null;
                            /** @enum {string} */
                            status: "subscribed" | "unsubscribed" | "bounced" | "complained";
                            /** @description Custom fields, as set. */
                            attributes: {
                                [key: string]: unknown;
                            };
                            /** @description Names of the tags attached. */
                            tags: string[];
                            /** @description ISO 8601 date and time (UTC). */
                            created_at: string;
                            /** @description ISO 8601 date and time (UTC). */
                            updated_at: string;
                            unsubscribed_at: string | null;
                        }[];
                        /** @description True when more records follow: pass the last id as `after` to get them. */
                        has_more: boolean;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    upsert_subscriber: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "first_name": "Ada",
                 *       "attributes": {
                 *         "plan": "pro"
                 *       },
                 *       "tags": [
                 *         "customers"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description The address; a subscriber is found by it, compared without regard to case.
                     */
                    email: string;
                    first_name?: string | null;
                    last_name?: string | null;
                    /**
                     * @description subscribed (default for a new subscriber), unsubscribed, bounced or complained.
                     * @enum {string}
                     */
                    status?: "subscribed" | "unsubscribed" | "bounced" | "complained";
                    /** @description Custom fields, merged into the stored ones; a null value removes a key. */
                    attributes?: {
                        [key: string]: unknown;
                    };
                    /** @description Tag names to attach (created when new). */
                    tags?: string[];
                    /** @description false: record the change without starting any workflow (default true). */
                    triggerWorkflows?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "subscriber";
                        /** @description The subscriber id (sub_…). */
                        id: string;
                        email: string;
                        first_name: string | null;
                        last_name: string | null;
                        /** @enum {string} */
                        status: "subscribed" | "unsubscribed" | "bounced" | "complained";
                        /** @description Custom fields, as set. */
                        attributes: {
                            [key: string]: unknown;
                        };
                        /** @description Names of the tags attached. */
                        tags: string[];
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                        unsubscribed_at: string | null;
                    };
                };
            };
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "subscriber";
                        /** @description The subscriber id (sub_…). */
                        id: string;
                        email: string;
                        first_name: string | null;
                        last_name: string | null;
                        /** @enum {string} */
                        status: "subscribed" | "unsubscribed" | "bounced" | "complained";
                        /** @description Custom fields, as set. */
                        attributes: {
                            [key: string]: unknown;
                        };
                        /** @description Names of the tags attached. */
                        tags: string[];
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                        unsubscribed_at: string | null;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    get_subscriber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The subscriber: its id (sub_…) or its email address.
                 * @example ada@example.com
                 */
                subscriber: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "subscriber";
                        /** @description The subscriber id (sub_…). */
                        id: string;
                        email: string;
                        first_name: string | null;
                        last_name: string | null;
                        /** @enum {string} */
                        status: "subscribed" | "unsubscribed" | "bounced" | "complained";
                        /** @description Custom fields, as set. */
                        attributes: {
                            [key: string]: unknown;
                        };
                        /** @description Names of the tags attached. */
                        tags: string[];
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                        unsubscribed_at: string | null;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    update_subscriber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The subscriber: its id (sub_…) or its email address.
                 * @example ada@example.com
                 */
                subscriber: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "last_name": "Lovelace",
                 *       "attributes": {
                 *         "plan": "team"
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description A new address (refused when another subscriber has it).
                     */
                    email?: string;
                    first_name?: string | null;
                    last_name?: string | null;
                    /** @enum {string} */
                    status?: "subscribed" | "unsubscribed" | "bounced" | "complained";
                    /** @description Custom fields, merged into the stored ones; a null value removes a key. */
                    attributes?: {
                        [key: string]: unknown;
                    };
                    /** @description false: record the change without starting any workflow (default true). */
                    triggerWorkflows?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "subscriber";
                        /** @description The subscriber id (sub_…). */
                        id: string;
                        email: string;
                        first_name: string | null;
                        last_name: string | null;
                        /** @enum {string} */
                        status: "subscribed" | "unsubscribed" | "bounced" | "complained";
                        /** @description Custom fields, as set. */
                        attributes: {
                            [key: string]: unknown;
                        };
                        /** @description Names of the tags attached. */
                        tags: string[];
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                        unsubscribed_at: string | null;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description conflict or idempotency_conflict */
            409: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    unsubscribe_subscriber: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The subscriber: its id (sub_…) or its email address.
                 * @example ada@example.com
                 */
                subscriber: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /** @example {} */
                "application/json": {
                    /** @description false: record the change without starting any workflow (default true). */
                    triggerWorkflows?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "subscriber";
                        /** @description The subscriber id (sub_…). */
                        id: string;
                        email: string;
                        first_name: string | null;
                        last_name: string | null;
                        /** @enum {string} */
                        status: "subscribed" | "unsubscribed" | "bounced" | "complained";
                        /** @description Custom fields, as set. */
                        attributes: {
                            [key: string]: unknown;
                        };
                        /** @description Names of the tags attached. */
                        tags: string[];
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                        unsubscribed_at: string | null;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    add_tags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The subscriber: its id (sub_…) or its email address.
                 * @example ada@example.com
                 */
                subscriber: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tags": [
                 *         "beta"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Tag names. */
                    tags: string[];
                    /** @description false: record the change without starting any workflow (default true). */
                    triggerWorkflows?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "subscriber";
                        /** @description The subscriber id (sub_…). */
                        id: string;
                        email: string;
                        first_name: string | null;
                        last_name: string | null;
                        /** @enum {string} */
                        status: "subscribed" | "unsubscribed" | "bounced" | "complained";
                        /** @description Custom fields, as set. */
                        attributes: {
                            [key: string]: unknown;
                        };
                        /** @description Names of the tags attached. */
                        tags: string[];
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                        unsubscribed_at: string | null;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    remove_tags: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The subscriber: its id (sub_…) or its email address.
                 * @example ada@example.com
                 */
                subscriber: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tags": [
                 *         "beta"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /** @description Tag names. */
                    tags: string[];
                    /** @description false: record the change without starting any workflow (default true). */
                    triggerWorkflows?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "subscriber";
                        /** @description The subscriber id (sub_…). */
                        id: string;
                        email: string;
                        first_name: string | null;
                        last_name: string | null;
                        /** @enum {string} */
                        status: "subscribed" | "unsubscribed" | "bounced" | "complained";
                        /** @description Custom fields, as set. */
                        attributes: {
                            [key: string]: unknown;
                        };
                        /** @description Names of the tags attached. */
                        tags: string[];
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                        unsubscribed_at: string | null;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    list_subscriber_events: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, 1–100 (default 20), newest first.
                 * @example 20
                 */
                limit?: number;
                /** @description Cursor: the id of the last record of the previous page; returns the records after it (older). */
                after?: string;
                /** @description Cursor: the id of the first record of the current page; returns the records before it (newer). Not with after. */
                before?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The subscriber: its id (sub_…) or its email address.
                 * @example ada@example.com
                 */
                subscriber: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: {
                            /** @enum {string} */
                            object: "event";
                            /** @description The event id (evt_…). */
                            id: string;
                            subscriber_id: string;
                            email: string;
                            /** @description The event name: one given by the caller, or one the platform records (subscriber_created, tag_added, tag_removed, unsubscribed, …). */
                            name: string;
                            properties: {
                                [key: string]: unknown;
                            };
                            /** @description ISO 8601 date and time (UTC). */
                            created_at: string;
                        }[];
                        /** @description True when more records follow: pass the last id as `after` to get them. */
                        has_more: boolean;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    track_event: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com",
                 *       "name": "order_placed",
                 *       "properties": {
                 *         "order_id": "A-1001",
                 *         "total": 42
                 *       }
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: email
                     * @description The subscriber the event happened to; created (subscribed) when there is none with this address.
                     */
                    email: string;
                    name: string;
                    /** @description Anything worth keeping with the event (an order id, a plan name). */
                    properties?: {
                        [key: string]: unknown;
                    };
                    /** @description false: record the change without starting any workflow (default true). */
                    triggerWorkflows?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "event";
                        /** @description The event id (evt_…). */
                        id: string;
                        subscriber_id: string;
                        email: string;
                        /** @description The event name: one given by the caller, or one the platform records (subscriber_created, tag_added, tag_removed, unsubscribed, …). */
                        name: string;
                        properties: {
                            [key: string]: unknown;
                        };
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    list_tags: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, 1–100 (default 20), newest first.
                 * @example 20
                 */
                limit?: number;
                /** @description Cursor: the id of the last record of the previous page; returns the records after it (older). */
                after?: string;
                /** @description Cursor: the id of the first record of the current page; returns the records before it (newer). Not with after. */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: {
                            /** @enum {string} */
                            object: "tag";
                            /** @description The tag id (tag_…). */
                            id: string;
                            name: string;
                            subscriber_count: number;
                            /** @description ISO 8601 date and time (UTC). */
                            created_at: string;
                        }[];
                        /** @description True when more records follow: pass the last id as `after` to get them. */
                        has_more: boolean;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    create_tag: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "newsletter"
                 *     }
                 */
                "application/json": {
                    /** @description The tag's name, 1–100 characters, unique in the organization. */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "tag";
                        /** @description The tag id (tag_…). */
                        id: string;
                        name: string;
                        subscriber_count: number;
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description conflict or idempotency_conflict */
            409: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    get_tag: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The tag: its id (tag_…) or its name.
                 * @example customers
                 */
                tag: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "tag";
                        /** @description The tag id (tag_…). */
                        id: string;
                        name: string;
                        subscriber_count: number;
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    list_workflows: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, 1–100 (default 20), newest first.
                 * @example 20
                 */
                limit?: number;
                /** @description Cursor: the id of the last record of the previous page; returns the records after it (older). */
                after?: string;
                /** @description Cursor: the id of the first record of the current page; returns the records before it (newer). Not with after. */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: {
                            /** @enum {string} */
                            object: "workflow";
                            /** @description The workflow id (wfl_…). */
                            id: string;
                            name: string;
                            /**
                             * @description active: new triggers start runs; paused: runs in progress wait at their next step.
                             * @enum {string}
                             */
                            status: "active" | "paused";
                            trigger: {
                                /** @enum {string} */
                                type: "event";
                                name: string;
                            } | {
                                /** @enum {string} */
                                type: "tag_added";
                                tag: string;
                            } | {
                                /** @enum {string} */
                                type: "subscriber_created";
                            };
                            steps: (({
                                /** @enum {string} */
                                type: "send_email";
                            } & {
                                [key: string]: unknown;
                            }) | {
                                /** @enum {string} */
                                type: "wait";
                                seconds: number;
                            } | {
                                /** @enum {string} */
                                type: "add_tag";
                                tag: string;
                            } | {
                                /** @enum {string} */
                                type: "remove_tag";
                                tag: string;
                            })[];
                            /** @description ISO 8601 date and time (UTC). */
                            created_at: string;
                            /** @description ISO 8601 date and time (UTC). */
                            updated_at: string;
                        }[];
                        /** @description True when more records follow: pass the last id as `after` to get them. */
                        has_more: boolean;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    create_workflow: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Welcome series",
                 *       "trigger": {
                 *         "type": "subscriber_created"
                 *       },
                 *       "steps": [
                 *         {
                 *           "type": "send_email",
                 *           "from": "Acme <hello@acme.example>",
                 *           "subject": "Welcome",
                 *           "markdown": "Glad you are here."
                 *         },
                 *         {
                 *           "type": "wait",
                 *           "seconds": 86400
                 *         },
                 *         {
                 *           "type": "add_tag",
                 *           "tag": "onboarded"
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    name: string;
                    trigger: {
                        /** @enum {string} */
                        type: "event";
                        name: string;
                    } | {
                        /** @enum {string} */
                        type: "tag_added";
                        tag: string;
                    } | {
                        /** @enum {string} */
                        type: "subscriber_created";
                    };
                    steps: (({
                        /** @enum {string} */
                        type: "send_email";
                    } & {
                        [key: string]: unknown;
                    }) | {
                        /** @enum {string} */
                        type: "wait";
                        seconds: number;
                    } | {
                        /** @enum {string} */
                        type: "add_tag";
                        tag: string;
                    } | {
                        /** @enum {string} */
                        type: "remove_tag";
                        tag: string;
                    })[];
                    /** @enum {string} */
                    status?: "active" | "paused";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "workflow";
                        /** @description The workflow id (wfl_…). */
                        id: string;
                        name: string;
                        /**
                         * @description active: new triggers start runs; paused: runs in progress wait at their next step.
                         * @enum {string}
                         */
                        status: "active" | "paused";
                        trigger: {
                            /** @enum {string} */
                            type: "event";
                            name: string;
                        } | {
                            /** @enum {string} */
                            type: "tag_added";
                            tag: string;
                        } | {
                            /** @enum {string} */
                            type: "subscriber_created";
                        };
                        steps: (({
                            /** @enum {string} */
                            type: "send_email";
                        } & {
                            [key: string]: unknown;
                        }) | {
                            /** @enum {string} */
                            type: "wait";
                            seconds: number;
                        } | {
                            /** @enum {string} */
                            type: "add_tag";
                            tag: string;
                        } | {
                            /** @enum {string} */
                            type: "remove_tag";
                            tag: string;
                        })[];
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    get_workflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The workflow id (wfl_…).
                 * @example wfl_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "workflow";
                        /** @description The workflow id (wfl_…). */
                        id: string;
                        name: string;
                        /**
                         * @description active: new triggers start runs; paused: runs in progress wait at their next step.
                         * @enum {string}
                         */
                        status: "active" | "paused";
                        trigger: {
                            /** @enum {string} */
                            type: "event";
                            name: string;
                        } | {
                            /** @enum {string} */
                            type: "tag_added";
                            tag: string;
                        } | {
                            /** @enum {string} */
                            type: "subscriber_created";
                        };
                        steps: (({
                            /** @enum {string} */
                            type: "send_email";
                        } & {
                            [key: string]: unknown;
                        }) | {
                            /** @enum {string} */
                            type: "wait";
                            seconds: number;
                        } | {
                            /** @enum {string} */
                            type: "add_tag";
                            tag: string;
                        } | {
                            /** @enum {string} */
                            type: "remove_tag";
                            tag: string;
                        })[];
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    delete_workflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The workflow id (wfl_…).
                 * @example wfl_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "workflow";
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    update_workflow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The workflow id (wfl_…).
                 * @example wfl_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "status": "paused"
                 *     }
                 */
                "application/json": {
                    name?: string;
                    trigger?: {
                        /** @enum {string} */
                        type: "event";
                        name: string;
                    } | {
                        /** @enum {string} */
                        type: "tag_added";
                        tag: string;
                    } | {
                        /** @enum {string} */
                        type: "subscriber_created";
                    };
                    steps?: (({
                        /** @enum {string} */
                        type: "send_email";
                    } & {
                        [key: string]: unknown;
                    }) | {
                        /** @enum {string} */
                        type: "wait";
                        seconds: number;
                    } | {
                        /** @enum {string} */
                        type: "add_tag";
                        tag: string;
                    } | {
                        /** @enum {string} */
                        type: "remove_tag";
                        tag: string;
                    })[];
                    /** @enum {string} */
                    status?: "active" | "paused";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "workflow";
                        /** @description The workflow id (wfl_…). */
                        id: string;
                        name: string;
                        /**
                         * @description active: new triggers start runs; paused: runs in progress wait at their next step.
                         * @enum {string}
                         */
                        status: "active" | "paused";
                        trigger: {
                            /** @enum {string} */
                            type: "event";
                            name: string;
                        } | {
                            /** @enum {string} */
                            type: "tag_added";
                            tag: string;
                        } | {
                            /** @enum {string} */
                            type: "subscriber_created";
                        };
                        steps: (({
                            /** @enum {string} */
                            type: "send_email";
                        } & {
                            [key: string]: unknown;
                        }) | {
                            /** @enum {string} */
                            type: "wait";
                            seconds: number;
                        } | {
                            /** @enum {string} */
                            type: "add_tag";
                            tag: string;
                        } | {
                            /** @enum {string} */
                            type: "remove_tag";
                            tag: string;
                        })[];
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    list_workflow_runs: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, 1–100 (default 20), newest first.
                 * @example 20
                 */
                limit?: number;
                /** @description Cursor: the id of the last record of the previous page; returns the records after it (older). */
                after?: string;
                /** @description Cursor: the id of the first record of the current page; returns the records before it (newer). Not with after. */
                before?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The workflow id (wfl_…).
                 * @example wfl_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: {
                            /** @enum {string} */
                            object: "workflow_run";
                            /** @description The run id (wfr_…). */
                            id: string;
                            workflow_id: string;
                            subscriber_id: string;
                            /** @description The subscriber event that started the run. */
                            trigger_event_id: string;
                            /** @enum {string} */
                            status: "running" | "waiting" | "paused" | "completed" | "failed" | "cancelled";
                            /** @description The step the run is at (0-based). */
                            step_index: number;
                            /** @description When a waiting run goes on. */
                            wake_at: string | null;
                            last_error: string | null;
                            /** @description ISO 8601 date and time (UTC). */
                            created_at: string;
                            /** @description ISO 8601 date and time (UTC). */
                            updated_at: string;
                        }[];
                        /** @description True when more records follow: pass the last id as `after` to get them. */
                        has_more: boolean;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    list_campaigns: {
        parameters: {
            query?: {
                /**
                 * @description Only campaigns with this status.
                 * @example sent
                 */
                status?: "draft" | "scheduled" | "sending" | "sent" | "cancelled";
                /**
                 * @description How many records to return, 1–100 (default 20), newest first.
                 * @example 20
                 */
                limit?: number;
                /** @description Cursor: the id of the last record of the previous page; returns the records after it (older). */
                after?: string;
                /** @description Cursor: the id of the first record of the current page; returns the records before it (newer). Not with after. */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: {
                            /** @enum {string} */
                            object: "campaign";
                            /** @description The campaign id (cmp_…). */
                            id: string;
                            name: string;
                            subject: string;
                            from: string;
                            reply_to: string | null;
                            preview: string | null;
                            /** @description The content, when given as HTML. */
                            html: string | null;
                            /** @description The content, when given as Markdown. */
                            markdown: string | null;
                            /** @description The content, when given as a tiptap document. */
                            tiptap: {
                                [key: string]: unknown;
                            } | null;
                            /** @description Who receives it: subscribed subscribers with any (or all) of these tags; no tags = every subscribed subscriber. */
                            audience: {
                                /**
                                 * @description Tag names; none = every subscribed subscriber.
                                 * @default []
                                 */
                                tags: string[];
                                /**
                                 * @description any: subscribers with at least one of the tags; all: with every one.
                                 * @default any
                                 * @enum {string}
                                 */
                                match: "any" | "all";
                            };
                            /** @description Open tracking (a pixel) and click tracking (links through Mailgate). The unsubscribe link is never rewritten. */
                            tracking: {
                                /** @default false */
                                opens: boolean;
                                /** @default false */
                                clicks: boolean;
                            };
                            /**
                             * @description draft → scheduled → sending → sent, or cancelled.
                             * @enum {string}
                             */
                            status: "draft" | "scheduled" | "sending" | "sent" | "cancelled";
                            scheduled_at: string | null;
                            /** @description When the last recipient's delivery had its outcome. */
                            sent_at: string | null;
                            /** @description Counted as the events happen. */
                            stats: {
                                /** @description Emails queued for subscribed members of the audience. */
                                recipients: number;
                                /** @description Members not sent to: unsubscribed, bounced, complained, or on bounce cooldown. */
                                skipped: number;
                                /** @description Emails handed to the relay (or to the capture). */
                                sent: number;
                                delivered: number;
                                bounced: number;
                                complained: number;
                                /** @description Emails that could not be delivered after every attempt. */
                                failed: number;
                                /** @description Emails opened at least once (open tracking on). */
                                opened: number;
                                /** @description Emails with at least one tracked click (click tracking on). */
                                clicked: number;
                                /** @description Recipients who unsubscribed through this campaign's link. */
                                unsubscribed: number;
                            };
                            /** @description ISO 8601 date and time (UTC). */
                            created_at: string;
                            /** @description ISO 8601 date and time (UTC). */
                            updated_at: string;
                        }[];
                        /** @description True when more records follow: pass the last id as `after` to get them. */
                        has_more: boolean;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    create_campaign: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "November newsletter",
                 *       "from": "Acme <news@acme.example>",
                 *       "subject": "What is new, {{first_name | \"friend\"}}",
                 *       "markdown": "Hello {{first_name | \"there\"}},\n\nHere is what we shipped this month.",
                 *       "audience": {
                 *         "tags": [],
                 *         "match": "any"
                 *       },
                 *       "tracking": {
                 *         "opens": true,
                 *         "clicks": true
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description A name for the campaign, for you; recipients never see it. */
                    name: string;
                    /** @description Subject line; may hold placeholders like {{first_name | "there"}}. */
                    subject: string;
                    /** @description Sender: "name@example.com" or "Name <name@example.com>". */
                    from: string;
                    /** @description Address replies should go to. */
                    reply_to?: string;
                    /** @description Preview (preheader) text; may hold placeholders. */
                    preview?: string;
                    /** @description Content as HTML, sent as given; the text part is derived from it. */
                    html?: string;
                    /** @description Content as Markdown, rendered to HTML and text. */
                    markdown?: string;
                    /** @description Content as a tiptap (ProseMirror JSON) document: {"type":"doc","content":[…]}. */
                    tiptap?: {
                        /** @enum {string} */
                        type: "doc";
                        content?: unknown[];
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description Who receives it: subscribed subscribers with any (or all) of these tags; no tags = every subscribed subscriber. */
                    audience?: {
                        /**
                         * @description Tag names; none = every subscribed subscriber.
                         * @default []
                         */
                        tags?: string[];
                        /**
                         * @description any: subscribers with at least one of the tags; all: with every one.
                         * @default any
                         * @enum {string}
                         */
                        match?: "any" | "all";
                    };
                    /** @description Open tracking (a pixel) and click tracking (links through Mailgate). The unsubscribe link is never rewritten. */
                    tracking?: {
                        /** @default false */
                        opens?: boolean;
                        /** @default false */
                        clicks?: boolean;
                    };
                } & (unknown | unknown | unknown);
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "campaign";
                        /** @description The campaign id (cmp_…). */
                        id: string;
                        name: string;
                        subject: string;
                        from: string;
                        reply_to: string | null;
                        preview: string | null;
                        /** @description The content, when given as HTML. */
                        html: string | null;
                        /** @description The content, when given as Markdown. */
                        markdown: string | null;
                        /** @description The content, when given as a tiptap document. */
                        tiptap: {
                            [key: string]: unknown;
                        } | null;
                        /** @description Who receives it: subscribed subscribers with any (or all) of these tags; no tags = every subscribed subscriber. */
                        audience: {
                            /**
                             * @description Tag names; none = every subscribed subscriber.
                             * @default []
                             */
                            tags: string[];
                            /**
                             * @description any: subscribers with at least one of the tags; all: with every one.
                             * @default any
                             * @enum {string}
                             */
                            match: "any" | "all";
                        };
                        /** @description Open tracking (a pixel) and click tracking (links through Mailgate). The unsubscribe link is never rewritten. */
                        tracking: {
                            /** @default false */
                            opens: boolean;
                            /** @default false */
                            clicks: boolean;
                        };
                        /**
                         * @description draft → scheduled → sending → sent, or cancelled.
                         * @enum {string}
                         */
                        status: "draft" | "scheduled" | "sending" | "sent" | "cancelled";
                        scheduled_at: string | null;
                        /** @description When the last recipient's delivery had its outcome. */
                        sent_at: string | null;
                        /** @description Counted as the events happen. */
                        stats: {
                            /** @description Emails queued for subscribed members of the audience. */
                            recipients: number;
                            /** @description Members not sent to: unsubscribed, bounced, complained, or on bounce cooldown. */
                            skipped: number;
                            /** @description Emails handed to the relay (or to the capture). */
                            sent: number;
                            delivered: number;
                            bounced: number;
                            complained: number;
                            /** @description Emails that could not be delivered after every attempt. */
                            failed: number;
                            /** @description Emails opened at least once (open tracking on). */
                            opened: number;
                            /** @description Emails with at least one tracked click (click tracking on). */
                            clicked: number;
                            /** @description Recipients who unsubscribed through this campaign's link. */
                            unsubscribed: number;
                        };
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    get_campaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The campaign id (cmp_…).
                 * @example cmp_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "campaign";
                        /** @description The campaign id (cmp_…). */
                        id: string;
                        name: string;
                        subject: string;
                        from: string;
                        reply_to: string | null;
                        preview: string | null;
                        /** @description The content, when given as HTML. */
                        html: string | null;
                        /** @description The content, when given as Markdown. */
                        markdown: string | null;
                        /** @description The content, when given as a tiptap document. */
                        tiptap: {
                            [key: string]: unknown;
                        } | null;
                        /** @description Who receives it: subscribed subscribers with any (or all) of these tags; no tags = every subscribed subscriber. */
                        audience: {
                            /**
                             * @description Tag names; none = every subscribed subscriber.
                             * @default []
                             */
                            tags: string[];
                            /**
                             * @description any: subscribers with at least one of the tags; all: with every one.
                             * @default any
                             * @enum {string}
                             */
                            match: "any" | "all";
                        };
                        /** @description Open tracking (a pixel) and click tracking (links through Mailgate). The unsubscribe link is never rewritten. */
                        tracking: {
                            /** @default false */
                            opens: boolean;
                            /** @default false */
                            clicks: boolean;
                        };
                        /**
                         * @description draft → scheduled → sending → sent, or cancelled.
                         * @enum {string}
                         */
                        status: "draft" | "scheduled" | "sending" | "sent" | "cancelled";
                        scheduled_at: string | null;
                        /** @description When the last recipient's delivery had its outcome. */
                        sent_at: string | null;
                        /** @description Counted as the events happen. */
                        stats: {
                            /** @description Emails queued for subscribed members of the audience. */
                            recipients: number;
                            /** @description Members not sent to: unsubscribed, bounced, complained, or on bounce cooldown. */
                            skipped: number;
                            /** @description Emails handed to the relay (or to the capture). */
                            sent: number;
                            delivered: number;
                            bounced: number;
                            complained: number;
                            /** @description Emails that could not be delivered after every attempt. */
                            failed: number;
                            /** @description Emails opened at least once (open tracking on). */
                            opened: number;
                            /** @description Emails with at least one tracked click (click tracking on). */
                            clicked: number;
                            /** @description Recipients who unsubscribed through this campaign's link. */
                            unsubscribed: number;
                        };
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    delete_campaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The campaign id (cmp_…).
                 * @example cmp_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "campaign";
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description conflict or idempotency_conflict */
            409: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    update_campaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The campaign id (cmp_…).
                 * @example cmp_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "subject": "Our November news, {{first_name | \"friend\"}}"
                 *     }
                 */
                "application/json": {
                    /** @description A name for the campaign, for you; recipients never see it. */
                    name?: string;
                    /** @description Subject line; may hold placeholders like {{first_name | "there"}}. */
                    subject?: string;
                    /** @description Sender: "name@example.com" or "Name <name@example.com>". */
                    from?: string;
                    /** @description Address replies should go to; null removes it. */
                    reply_to?: string | null;
                    /** @description Preview (preheader) text; null removes it. */
                    preview?: string | null;
                    /** @description Content as HTML, sent as given; the text part is derived from it. */
                    html?: string;
                    /** @description Content as Markdown, rendered to HTML and text. */
                    markdown?: string;
                    /** @description Content as a tiptap (ProseMirror JSON) document: {"type":"doc","content":[…]}. */
                    tiptap?: {
                        /** @enum {string} */
                        type: "doc";
                        content?: unknown[];
                    } & {
                        [key: string]: unknown;
                    };
                    /** @description Who receives it: subscribed subscribers with any (or all) of these tags; no tags = every subscribed subscriber. */
                    audience?: {
                        /**
                         * @description Tag names; none = every subscribed subscriber.
                         * @default []
                         */
                        tags?: string[];
                        /**
                         * @description any: subscribers with at least one of the tags; all: with every one.
                         * @default any
                         * @enum {string}
                         */
                        match?: "any" | "all";
                    };
                    /** @description Open tracking (a pixel) and click tracking (links through Mailgate). The unsubscribe link is never rewritten. */
                    tracking?: {
                        /** @default false */
                        opens?: boolean;
                        /** @default false */
                        clicks?: boolean;
                    };
                    /** @description A scheduled campaign only: a new send time (ISO 8601, in the future), or null to take it back to draft. */
                    scheduled_at?: string | null;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "campaign";
                        /** @description The campaign id (cmp_…). */
                        id: string;
                        name: string;
                        subject: string;
                        from: string;
                        reply_to: string | null;
                        preview: string | null;
                        /** @description The content, when given as HTML. */
                        html: string | null;
                        /** @description The content, when given as Markdown. */
                        markdown: string | null;
                        /** @description The content, when given as a tiptap document. */
                        tiptap: {
                            [key: string]: unknown;
                        } | null;
                        /** @description Who receives it: subscribed subscribers with any (or all) of these tags; no tags = every subscribed subscriber. */
                        audience: {
                            /**
                             * @description Tag names; none = every subscribed subscriber.
                             * @default []
                             */
                            tags: string[];
                            /**
                             * @description any: subscribers with at least one of the tags; all: with every one.
                             * @default any
                             * @enum {string}
                             */
                            match: "any" | "all";
                        };
                        /** @description Open tracking (a pixel) and click tracking (links through Mailgate). The unsubscribe link is never rewritten. */
                        tracking: {
                            /** @default false */
                            opens: boolean;
                            /** @default false */
                            clicks: boolean;
                        };
                        /**
                         * @description draft → scheduled → sending → sent, or cancelled.
                         * @enum {string}
                         */
                        status: "draft" | "scheduled" | "sending" | "sent" | "cancelled";
                        scheduled_at: string | null;
                        /** @description When the last recipient's delivery had its outcome. */
                        sent_at: string | null;
                        /** @description Counted as the events happen. */
                        stats: {
                            /** @description Emails queued for subscribed members of the audience. */
                            recipients: number;
                            /** @description Members not sent to: unsubscribed, bounced, complained, or on bounce cooldown. */
                            skipped: number;
                            /** @description Emails handed to the relay (or to the capture). */
                            sent: number;
                            delivered: number;
                            bounced: number;
                            complained: number;
                            /** @description Emails that could not be delivered after every attempt. */
                            failed: number;
                            /** @description Emails opened at least once (open tracking on). */
                            opened: number;
                            /** @description Emails with at least one tracked click (click tracking on). */
                            clicked: number;
                            /** @description Recipients who unsubscribed through this campaign's link. */
                            unsubscribed: number;
                        };
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description conflict or idempotency_conflict */
            409: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    send_campaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The campaign id (cmp_…).
                 * @example cmp_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "scheduled_at": "2030-12-01T09:00:00Z"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: date-time
                     * @description ISO 8601 date and time with an offset (2026-12-01T09:00:00Z); must be in the future.
                     */
                    scheduled_at?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "campaign";
                        /** @description The campaign id (cmp_…). */
                        id: string;
                        name: string;
                        subject: string;
                        from: string;
                        reply_to: string | null;
                        preview: string | null;
                        /** @description The content, when given as HTML. */
                        html: string | null;
                        /** @description The content, when given as Markdown. */
                        markdown: string | null;
                        /** @description The content, when given as a tiptap document. */
                        tiptap: {
                            [key: string]: unknown;
                        } | null;
                        /** @description Who receives it: subscribed subscribers with any (or all) of these tags; no tags = every subscribed subscriber. */
                        audience: {
                            /**
                             * @description Tag names; none = every subscribed subscriber.
                             * @default []
                             */
                            tags: string[];
                            /**
                             * @description any: subscribers with at least one of the tags; all: with every one.
                             * @default any
                             * @enum {string}
                             */
                            match: "any" | "all";
                        };
                        /** @description Open tracking (a pixel) and click tracking (links through Mailgate). The unsubscribe link is never rewritten. */
                        tracking: {
                            /** @default false */
                            opens: boolean;
                            /** @default false */
                            clicks: boolean;
                        };
                        /**
                         * @description draft → scheduled → sending → sent, or cancelled.
                         * @enum {string}
                         */
                        status: "draft" | "scheduled" | "sending" | "sent" | "cancelled";
                        scheduled_at: string | null;
                        /** @description When the last recipient's delivery had its outcome. */
                        sent_at: string | null;
                        /** @description Counted as the events happen. */
                        stats: {
                            /** @description Emails queued for subscribed members of the audience. */
                            recipients: number;
                            /** @description Members not sent to: unsubscribed, bounced, complained, or on bounce cooldown. */
                            skipped: number;
                            /** @description Emails handed to the relay (or to the capture). */
                            sent: number;
                            delivered: number;
                            bounced: number;
                            complained: number;
                            /** @description Emails that could not be delivered after every attempt. */
                            failed: number;
                            /** @description Emails opened at least once (open tracking on). */
                            opened: number;
                            /** @description Emails with at least one tracked click (click tracking on). */
                            clicked: number;
                            /** @description Recipients who unsubscribed through this campaign's link. */
                            unsubscribed: number;
                        };
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                        /** @description Subscribed members of the audience now: the emails this send queues (less any on bounce cooldown). */
                        recipient_count: number;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description conflict or idempotency_conflict */
            409: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    cancel_campaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The campaign id (cmp_…).
                 * @example cmp_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "campaign";
                        /** @description The campaign id (cmp_…). */
                        id: string;
                        name: string;
                        subject: string;
                        from: string;
                        reply_to: string | null;
                        preview: string | null;
                        /** @description The content, when given as HTML. */
                        html: string | null;
                        /** @description The content, when given as Markdown. */
                        markdown: string | null;
                        /** @description The content, when given as a tiptap document. */
                        tiptap: {
                            [key: string]: unknown;
                        } | null;
                        /** @description Who receives it: subscribed subscribers with any (or all) of these tags; no tags = every subscribed subscriber. */
                        audience: {
                            /**
                             * @description Tag names; none = every subscribed subscriber.
                             * @default []
                             */
                            tags: string[];
                            /**
                             * @description any: subscribers with at least one of the tags; all: with every one.
                             * @default any
                             * @enum {string}
                             */
                            match: "any" | "all";
                        };
                        /** @description Open tracking (a pixel) and click tracking (links through Mailgate). The unsubscribe link is never rewritten. */
                        tracking: {
                            /** @default false */
                            opens: boolean;
                            /** @default false */
                            clicks: boolean;
                        };
                        /**
                         * @description draft → scheduled → sending → sent, or cancelled.
                         * @enum {string}
                         */
                        status: "draft" | "scheduled" | "sending" | "sent" | "cancelled";
                        scheduled_at: string | null;
                        /** @description When the last recipient's delivery had its outcome. */
                        sent_at: string | null;
                        /** @description Counted as the events happen. */
                        stats: {
                            /** @description Emails queued for subscribed members of the audience. */
                            recipients: number;
                            /** @description Members not sent to: unsubscribed, bounced, complained, or on bounce cooldown. */
                            skipped: number;
                            /** @description Emails handed to the relay (or to the capture). */
                            sent: number;
                            delivered: number;
                            bounced: number;
                            complained: number;
                            /** @description Emails that could not be delivered after every attempt. */
                            failed: number;
                            /** @description Emails opened at least once (open tracking on). */
                            opened: number;
                            /** @description Emails with at least one tracked click (click tracking on). */
                            clicked: number;
                            /** @description Recipients who unsubscribed through this campaign's link. */
                            unsubscribed: number;
                        };
                        /** @description ISO 8601 date and time (UTC). */
                        created_at: string;
                        /** @description ISO 8601 date and time (UTC). */
                        updated_at: string;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description conflict or idempotency_conflict */
            409: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    test_campaign: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The campaign id (cmp_…).
                 * @example cmp_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "to": [
                 *         "me@acme.example"
                 *       ],
                 *       "subscriber": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    /** @description Where the copies go: 1–5 addresses. */
                    to: string[];
                    /** @description Personalize as this subscriber (id or email) would see it. */
                    subscriber?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "campaign_test";
                        /** @description The emails sent (eml_…), one per address. */
                        ids: string[];
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description Error */
            403: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    list_tokens: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, 1–100 (default 20), newest first.
                 * @example 20
                 */
                limit?: number;
                /** @description Cursor: the id of the last record of the previous page; returns the records after it (older). */
                after?: string;
                /** @description Cursor: the id of the first record of the current page; returns the records before it (newer). Not with after. */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: {
                            /** @enum {string} */
                            object: "token";
                            /** @description tok_… */
                            id: string;
                            name: string;
                            /**
                             * @description full: every operation (the default). read: only what changes nothing (lists, gets, counts); every write is refused with 403 forbidden, and SMTP refuses it.
                             * @enum {string}
                             */
                            permission: "full" | "read";
                            /** @description The token's prefix and last four characters (mailgate_…abcd): never the secret. */
                            token_hint: string;
                            /** @description ISO 8601. */
                            created_at: string;
                            /** @description ISO 8601, to the minute: when the token last authenticated a request; null if never. */
                            last_used_at: string | null;
                        }[];
                        /** @description True when more records follow: pass the last id as `after` to get them. */
                        has_more: boolean;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    create_token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "reporting dashboard",
                 *       "permission": "read"
                 *     }
                 */
                "application/json": {
                    /** @description A name to tell the token apart, e.g. where it is used. */
                    name: string;
                    /**
                     * @description full: every operation (the default). read: only what changes nothing (lists, gets, counts); every write is refused with 403 forbidden, and SMTP refuses it.
                     * @default full
                     * @enum {string}
                     */
                    permission?: "full" | "read";
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "token";
                        /** @description tok_… */
                        id: string;
                        name: string;
                        /**
                         * @description full: every operation (the default). read: only what changes nothing (lists, gets, counts); every write is refused with 403 forbidden, and SMTP refuses it.
                         * @enum {string}
                         */
                        permission: "full" | "read";
                        /** @description The token's prefix and last four characters (mailgate_…abcd): never the secret. */
                        token_hint: string;
                        /** @description ISO 8601. */
                        created_at: string;
                        /** @description ISO 8601, to the minute: when the token last authenticated a request; null if never. */
                        last_used_at: string | null;
                        /** @description The secret, shown this once: Mailgate keeps only its hash. Send it as "Authorization: Bearer <token>". */
                        token: string;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    revoke_token: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The token id (tok_…).
                 * @example tok_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "token";
                        id: string;
                        /** @enum {boolean} */
                        revoked: true;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    verify_email: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    /** @description The address to check, e.g. "ada@example.com" (an internationalized domain is fine). */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true: mail can be sent to it; false: it cannot, or should not; null: it could not be checked now (DNS did not answer). */
                        valid: boolean | null;
                        /** @description Why not, for a person; null when valid. */
                        error: string | null;
                        /**
                         * @description valid; role_account (valid, but names a function: info@, support@…); invalid_syntax; disposable (a throwaway domain); possible_typo (see suggestion); domain_not_found; no_mail_server (no MX, A or AAAA record, or a null MX); dns_unavailable (could not check now: try again).
                         * @enum {string}
                         */
                        code: "valid" | "role_account" | "invalid_syntax" | "disposable" | "possible_typo" | "domain_not_found" | "no_mail_server" | "dns_unavailable";
                        /** @description With possible_typo: the address as it was probably meant. */
                        suggestion?: string;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    verify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ada@example.com"
                 *     }
                 */
                "application/json": {
                    /** @description The address to check, e.g. "ada@example.com" (an internationalized domain is fine). */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description true: mail can be sent to it; false: it cannot, or should not; null: it could not be checked now (DNS did not answer). */
                        valid: boolean | null;
                        /** @description Why not, for a person; null when valid. */
                        error: string | null;
                        /**
                         * @description valid; role_account (valid, but names a function: info@, support@…); invalid_syntax; disposable (a throwaway domain); possible_typo (see suggestion); domain_not_found; no_mail_server (no MX, A or AAAA record, or a null MX); dns_unavailable (could not check now: try again).
                         * @enum {string}
                         */
                        code: "valid" | "role_account" | "invalid_syntax" | "disposable" | "possible_typo" | "domain_not_found" | "no_mail_server" | "dns_unavailable";
                        /** @description With possible_typo: the address as it was probably meant. */
                        suggestion?: string;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    list_domains: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, 1–100 (default 20), newest first.
                 * @example 20
                 */
                limit?: number;
                /** @description Cursor: the id of the last record of the previous page; returns the records after it (older). */
                after?: string;
                /** @description Cursor: the id of the first record of the current page; returns the records before it (newer). Not with after. */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: {
                            /** @enum {string} */
                            object: "domain";
                            /** @description dom_… */
                            id: string;
                            name: string;
                            /**
                             * @description pending until checked; verified when its required records are published as given (mail from it is then DKIM-signed); failed when a check found one missing or different.
                             * @enum {string}
                             */
                            status: "pending" | "verified" | "failed";
                            records: {
                                /**
                                 * @description dkim: the public key mail is signed with (required); spf: who may send for the domain (required); dmarc: the policy receivers apply (recommended).
                                 * @enum {string}
                                 */
                                purpose: "dkim" | "spf" | "dmarc";
                                /** @enum {string} */
                                type: "TXT";
                                /** @description The full name of the record. */
                                name: string;
                                /** @description What to publish. */
                                value: string;
                                required: boolean;
                                /**
                                 * @description What the last check found: pending (not checked yet), verified, failed (missing or different), dns_unavailable (DNS did not answer).
                                 * @enum {string}
                                 */
                                status: "pending" | "verified" | "failed" | "dns_unavailable";
                                /** @description The TXT values found there at the last check. */
                                found: string[];
                            }[];
                            created_at: string;
                            verified_at: string | null;
                            checked_at: string | null;
                        }[];
                        /** @description True when more records follow: pass the last id as `after` to get them. */
                        has_more: boolean;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    create_domain: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "example.com"
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: hostname
                     * @description The domain mail is sent from: the part after @ in the from address.
                     */
                    name: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "domain";
                        /** @description dom_… */
                        id: string;
                        name: string;
                        /**
                         * @description pending until checked; verified when its required records are published as given (mail from it is then DKIM-signed); failed when a check found one missing or different.
                         * @enum {string}
                         */
                        status: "pending" | "verified" | "failed";
                        records: {
                            /**
                             * @description dkim: the public key mail is signed with (required); spf: who may send for the domain (required); dmarc: the policy receivers apply (recommended).
                             * @enum {string}
                             */
                            purpose: "dkim" | "spf" | "dmarc";
                            /** @enum {string} */
                            type: "TXT";
                            /** @description The full name of the record. */
                            name: string;
                            /** @description What to publish. */
                            value: string;
                            required: boolean;
                            /**
                             * @description What the last check found: pending (not checked yet), verified, failed (missing or different), dns_unavailable (DNS did not answer).
                             * @enum {string}
                             */
                            status: "pending" | "verified" | "failed" | "dns_unavailable";
                            /** @description The TXT values found there at the last check. */
                            found: string[];
                        }[];
                        created_at: string;
                        verified_at: string | null;
                        checked_at: string | null;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description conflict or idempotency_conflict */
            409: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    get_domain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The domain id (dom_…).
                 * @example dom_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "domain";
                        /** @description dom_… */
                        id: string;
                        name: string;
                        /**
                         * @description pending until checked; verified when its required records are published as given (mail from it is then DKIM-signed); failed when a check found one missing or different.
                         * @enum {string}
                         */
                        status: "pending" | "verified" | "failed";
                        records: {
                            /**
                             * @description dkim: the public key mail is signed with (required); spf: who may send for the domain (required); dmarc: the policy receivers apply (recommended).
                             * @enum {string}
                             */
                            purpose: "dkim" | "spf" | "dmarc";
                            /** @enum {string} */
                            type: "TXT";
                            /** @description The full name of the record. */
                            name: string;
                            /** @description What to publish. */
                            value: string;
                            required: boolean;
                            /**
                             * @description What the last check found: pending (not checked yet), verified, failed (missing or different), dns_unavailable (DNS did not answer).
                             * @enum {string}
                             */
                            status: "pending" | "verified" | "failed" | "dns_unavailable";
                            /** @description The TXT values found there at the last check. */
                            found: string[];
                        }[];
                        created_at: string;
                        verified_at: string | null;
                        checked_at: string | null;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    delete_domain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The domain id (dom_…).
                 * @example dom_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "domain";
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    verify_domain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The domain id (dom_…).
                 * @example dom_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "domain";
                        /** @description dom_… */
                        id: string;
                        name: string;
                        /**
                         * @description pending until checked; verified when its required records are published as given (mail from it is then DKIM-signed); failed when a check found one missing or different.
                         * @enum {string}
                         */
                        status: "pending" | "verified" | "failed";
                        records: {
                            /**
                             * @description dkim: the public key mail is signed with (required); spf: who may send for the domain (required); dmarc: the policy receivers apply (recommended).
                             * @enum {string}
                             */
                            purpose: "dkim" | "spf" | "dmarc";
                            /** @enum {string} */
                            type: "TXT";
                            /** @description The full name of the record. */
                            name: string;
                            /** @description What to publish. */
                            value: string;
                            required: boolean;
                            /**
                             * @description What the last check found: pending (not checked yet), verified, failed (missing or different), dns_unavailable (DNS did not answer).
                             * @enum {string}
                             */
                            status: "pending" | "verified" | "failed" | "dns_unavailable";
                            /** @description The TXT values found there at the last check. */
                            found: string[];
                        }[];
                        created_at: string;
                        verified_at: string | null;
                        checked_at: string | null;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    list_webhooks: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, 1–100 (default 20), newest first.
                 * @example 20
                 */
                limit?: number;
                /** @description Cursor: the id of the last record of the previous page; returns the records after it (older). */
                after?: string;
                /** @description Cursor: the id of the first record of the current page; returns the records before it (newer). Not with after. */
                before?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: {
                            /** @enum {string} */
                            object: "webhook";
                            /** @description whk_… */
                            id: string;
                            url: string;
                            events: ("email.sent" | "email.delivered" | "email.delivery_delayed" | "email.bounced" | "email.complained" | "email.failed" | "email.opened" | "email.clicked" | "subscriber.created" | "subscriber.updated" | "subscriber.unsubscribed" | "campaign.sent")[];
                            enabled: boolean;
                            created_at: string;
                            updated_at: string;
                        }[];
                        /** @description True when more records follow: pass the last id as `after` to get them. */
                        has_more: boolean;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    create_webhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://example.com/mailgate-events",
                 *       "events": [
                 *         "email.delivered",
                 *         "email.bounced"
                 *       ]
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uri
                     * @description Where the events are POSTed. Private, loopback and link-local addresses are refused unless the server allows them (WEBHOOK_ALLOW_PRIVATE).
                     */
                    url: string;
                    /** @description The event types to receive: email.sent, email.delivered, email.delivery_delayed, email.bounced, email.complained, email.failed, email.opened, email.clicked, subscriber.created, subscriber.updated, subscriber.unsubscribed, campaign.sent. */
                    events: ("email.sent" | "email.delivered" | "email.delivery_delayed" | "email.bounced" | "email.complained" | "email.failed" | "email.opened" | "email.clicked" | "subscriber.created" | "subscriber.updated" | "subscriber.unsubscribed" | "campaign.sent")[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "webhook";
                        /** @description whk_… */
                        id: string;
                        url: string;
                        events: ("email.sent" | "email.delivered" | "email.delivery_delayed" | "email.bounced" | "email.complained" | "email.failed" | "email.opened" | "email.clicked" | "subscriber.created" | "subscriber.updated" | "subscriber.unsubscribed" | "campaign.sent")[];
                        enabled: boolean;
                        created_at: string;
                        updated_at: string;
                        /** @description whsec_…: the signing secret (Standard Webhooks), shown this once. Verify each delivery with it. */
                        secret: string;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    get_webhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook id (whk_…).
                 * @example whk_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "webhook";
                        /** @description whk_… */
                        id: string;
                        url: string;
                        events: ("email.sent" | "email.delivered" | "email.delivery_delayed" | "email.bounced" | "email.complained" | "email.failed" | "email.opened" | "email.clicked" | "subscriber.created" | "subscriber.updated" | "subscriber.unsubscribed" | "campaign.sent")[];
                        enabled: boolean;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    delete_webhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook id (whk_…).
                 * @example whk_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "webhook";
                        id: string;
                        /** @enum {boolean} */
                        deleted: true;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    update_webhook: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The webhook id (whk_…).
                 * @example whk_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "enabled": false
                 *     }
                 */
                "application/json": {
                    /**
                     * Format: uri
                     * @description Where the events are POSTed. Private, loopback and link-local addresses are refused unless the server allows them (WEBHOOK_ALLOW_PRIVATE).
                     */
                    url?: string;
                    /** @description The event types to receive: email.sent, email.delivered, email.delivery_delayed, email.bounced, email.complained, email.failed, email.opened, email.clicked, subscriber.created, subscriber.updated, subscriber.unsubscribed, campaign.sent. */
                    events?: ("email.sent" | "email.delivered" | "email.delivery_delayed" | "email.bounced" | "email.complained" | "email.failed" | "email.opened" | "email.clicked" | "subscriber.created" | "subscriber.updated" | "subscriber.unsubscribed" | "campaign.sent")[];
                    /** @description false pauses deliveries: events are not recorded for it while disabled. */
                    enabled?: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "webhook";
                        /** @description whk_… */
                        id: string;
                        url: string;
                        events: ("email.sent" | "email.delivered" | "email.delivery_delayed" | "email.bounced" | "email.complained" | "email.failed" | "email.opened" | "email.clicked" | "subscriber.created" | "subscriber.updated" | "subscriber.unsubscribed" | "campaign.sent")[];
                        enabled: boolean;
                        created_at: string;
                        updated_at: string;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    list_webhook_deliveries: {
        parameters: {
            query?: {
                /**
                 * @description How many records to return, 1–100 (default 20), newest first.
                 * @example 20
                 */
                limit?: number;
                /** @description Cursor: the id of the last record of the previous page; returns the records after it (older). */
                after?: string;
                /** @description Cursor: the id of the first record of the current page; returns the records before it (newer). Not with after. */
                before?: string;
            };
            header?: never;
            path: {
                /**
                 * @description The webhook id (whk_…).
                 * @example whk_01jd3zq8x6v5t0n2c4b7m9k1pq
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: {
                            /** @enum {string} */
                            object: "webhook_delivery";
                            /** @description whd_…: also the webhook-id header, the same on every attempt. */
                            id: string;
                            webhook_id: string;
                            /** @enum {string} */
                            event_type: "email.sent" | "email.delivered" | "email.delivery_delayed" | "email.bounced" | "email.complained" | "email.failed" | "email.opened" | "email.clicked" | "subscriber.created" | "subscriber.updated" | "subscriber.unsubscribed" | "campaign.sent";
                            /**
                             * @description pending (to be tried, or tried again), delivered (a 2xx answer), failed (out of attempts, or refused for good).
                             * @enum {string}
                             */
                            status: "pending" | "delivered" | "failed";
                            attempts: number;
                            /** @description The HTTP status of the last answer; null if there was none. */
                            response_status: number | null;
                            /** @description The start of the last answer's body, or why there was no answer. */
                            response_excerpt: string | null;
                            next_attempt_at: string | null;
                            created_at: string;
                            updated_at: string;
                        }[];
                        /** @description True when more records follow: pass the last id as `after` to get them. */
                        has_more: boolean;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    count_audience: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "audience": {
                 *         "tags": [],
                 *         "match": "any"
                 *       }
                 *     }
                 */
                "application/json": {
                    /** @description Count this campaign's audience. */
                    campaign_id?: string;
                    /** @description Who receives it: subscribed subscribers with any (or all) of these tags; no tags = every subscribed subscriber. */
                    audience?: {
                        /**
                         * @description Tag names; none = every subscribed subscriber.
                         * @default []
                         */
                        tags?: string[];
                        /**
                         * @description any: subscribers with at least one of the tags; all: with every one.
                         * @default any
                         * @enum {string}
                         */
                        match?: "any" | "all";
                    };
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "audience_count";
                        /** @description Subscribed subscribers in the audience now. */
                        count: number;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    list_tools: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        object: "list";
                        data: {
                            name: string;
                            title: string;
                            description: string;
                            /** @description JSON Schema (2020-12) of the input. */
                            input_schema: {
                                [key: string]: unknown;
                            };
                            /** @description JSON Schema (2020-12) of the answer. */
                            output_schema: {
                                [key: string]: unknown;
                            };
                            annotations: {
                                readOnlyHint: boolean;
                                destructiveHint: boolean;
                                idempotentHint: boolean;
                                openWorldHint: boolean;
                            };
                        }[];
                        has_more: boolean;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    get_tool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tool: an operation name such as send_email. */
                name: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        name: string;
                        title: string;
                        description: string;
                        /** @description JSON Schema (2020-12) of the input. */
                        input_schema: {
                            [key: string]: unknown;
                        };
                        /** @description JSON Schema (2020-12) of the answer. */
                        output_schema: {
                            [key: string]: unknown;
                        };
                        annotations: {
                            readOnlyHint: boolean;
                            destructiveHint: boolean;
                            idempotentHint: boolean;
                            openWorldHint: boolean;
                        };
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    run_tool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The tool: an operation name such as send_email. */
                name: string;
            };
            cookie?: never;
        };
        /** @description The tool's input, as its input_schema describes it. */
        requestBody: {
            content: {
                "application/json": {
                    [key: string]: unknown;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: unknown;
                    };
                };
            };
            /** @description invalid_json: the body is not JSON, or not sent as application/json */
            400: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description missing_api_key or invalid_api_key: no valid Bearer token */
            401: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description not_found: no such record in this organization (or no such route) */
            404: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description conflict or idempotency_conflict */
            409: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description payload_too_large: the body is larger than the server accepts */
            413: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description validation_error: the input breaks a rule; details lists every problem as {path, message} */
            422: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description rate_limit_exceeded (the organization quota or the per-IP rate) or recipient_rate_limited (code RECIPIENT_RATE_LIMITED); wait Retry-After seconds */
            429: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Seconds to wait before trying again. */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
            /** @description internal_error: logged; nothing is shown */
            500: {
                headers: {
                    /** @description The organization's quota: "mailgate-api";q=<requests>;w=60 */
                    "RateLimit-Policy"?: string;
                    /** @description Where the caller stands: "mailgate-api";r=<remaining>;t=<seconds to reset> */
                    RateLimit?: string;
                    /** @description Requests per window. */
                    "RateLimit-Limit"?: number;
                    /** @description Requests left in this window. */
                    "RateLimit-Remaining"?: number;
                    /** @description Seconds until the window resets. */
                    "RateLimit-Reset"?: number;
                    /** @description Same as RateLimit-Limit (older clients). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Same as RateLimit-Remaining (older clients). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description Same as RateLimit-Reset (older clients). */
                    "X-RateLimit-Reset"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The error name: validation_error, invalid_json, missing_api_key, invalid_api_key, forbidden, not_found, idempotency_conflict, conflict, payload_too_large, rate_limit_exceeded, recipient_rate_limited, not_implemented, internal_error. */
                        name: string;
                        /** @description What went wrong, for a person. */
                        message: string;
                        statusCode: number;
                        /** @description A stable code where there is one (RECIPIENT_RATE_LIMITED, IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_KEY_IN_PROGRESS). */
                        code?: string;
                        /** @description validation_error: every problem as {path, message}; recipient_rate_limited: {reason}. */
                        details?: unknown;
                    };
                };
            };
        };
    };
}
