import { addNoteBody, idParams, recordNoteSavedReply, recordNotesReply } from '@ushirika/contracts';
import { actorOf } from '../../platform/access.ts';
import type { ZodApp } from '../../platform/app-types.ts';
import type { AppDeps } from '../../platform/deps.ts';
import { addNote } from './add-note.ts';
import { listNotes } from './queries.ts';

const tags = ['notes'];

/**
 * Notes on farmers and AMCOS (#18), under the records' own addresses. A farmer's notes: read with
 * the farmer, added by those who may update farmers, an AMCOS user for their own society's farmers.
 * An AMCOS's notes: read with the society; added by union staff who may update societies.
 */
export function notesRoutes(app: ZodApp, deps: AppDeps) {
  app.get(
    '/collections/farmers/:id/notes',
    {
      config: { access: { permission: 'amcos.farmer.read', audience: 'any' } },
      schema: { tags, params: idParams, response: { 200: recordNotesReply } },
    },
    async (req) => ({ data: await listNotes(deps.db, actorOf(req), 'farmer', req.params.id) }),
  );
  app.post(
    '/collections/farmers/:id/notes',
    {
      config: { access: { permission: 'amcos.farmer.update', audience: 'any' } },
      schema: { tags, params: idParams, body: addNoteBody, response: { 201: recordNoteSavedReply } },
    },
    async (req, reply) => {
      const data = await addNote(deps.db, actorOf(req), {
        subject: 'farmer',
        id: req.params.id,
        body: req.body.body,
      });
      return reply.code(201).send({ message: 'Note added successfully', data });
    },
  );
  app.get(
    '/amcos/:id/notes',
    {
      config: { access: { permission: 'amcos.society.read', audience: 'any' } },
      schema: { tags, params: idParams, response: { 200: recordNotesReply } },
    },
    async (req) => ({ data: await listNotes(deps.db, actorOf(req), 'amcos', req.params.id) }),
  );
  app.post(
    '/amcos/:id/notes',
    {
      config: { access: { permission: 'amcos.society.update', audience: 'union' } },
      schema: { tags, params: idParams, body: addNoteBody, response: { 201: recordNoteSavedReply } },
    },
    async (req, reply) => {
      const data = await addNote(deps.db, actorOf(req), {
        subject: 'amcos',
        id: req.params.id,
        body: req.body.body,
      });
      return reply.code(201).send({ message: 'Note added successfully', data });
    },
  );
}
