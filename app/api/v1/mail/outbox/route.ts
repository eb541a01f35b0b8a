import * as op from '@/lib/server/http/operations/identity';
import { route } from '@/lib/server/http/route';
import { findOutboxMails } from '@/lib/server/services/mail/find-outbox-mails';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.outbox, ({ actor, query }) => findOutboxMails(actor, query));

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
