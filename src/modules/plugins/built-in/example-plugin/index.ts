// Types only: a plugin is loaded on its own, and needs nothing of the service's modules at run
// time but what `register` is handed.
import type { PluginContext, PluginEntry, PluginRoutes } from '../../api.js';

type Toolkit = PluginContext['toolkit'];
type Table = ReturnType<PluginContext['db']['table']>;

/** The schemas of the example's routes, built with the toolkit's TypeBox. */
function schemasOf({ Type, Nullable, Timestamp }: Toolkit) {
  const Example = Type.Object({
    id: Type.String(),
    name: Type.String(),
    description: Nullable(Type.String()),
    created_by: Nullable(Type.String()),
    created_at: Timestamp,
    updated_at: Timestamp,
  });
  const Params = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });
  const Fields = {
    name: Type.String({ minLength: 1, maxLength: 200 }),
    description: Type.Optional(Nullable(Type.String({ maxLength: 2000 }))),
  };
  const CreateBody = Type.Object(Fields, { additionalProperties: false });
  const UpdateBody = Type.Object(
    { name: Type.Optional(Fields.name), description: Fields.description },
    { additionalProperties: false, minProperties: 1 },
  );
  return { Example, Params, CreateBody, UpdateBody };
}

const view = (row: Record<string, unknown>) => ({
  id: row.id as string,
  name: row.name as string,
  description: (row.description as string | null) ?? null,
  created_by: (row.created_by as string | null) ?? null,
  created_at: new Date(row.created_at as string).toISOString(),
  updated_at: new Date(row.updated_at as string).toISOString(),
});

/** What the example's routes share: the toolkit, its table, schemas and auth. */
interface Examples {
  routes: PluginRoutes;
  toolkit: Toolkit;
  examples: Table;
  schemas: ReturnType<typeof schemasOf>;
  signedIn: ReturnType<Toolkit['auth']['user']>;
  /** The example of that id; 404 when there is none. */
  mustFind(id: string): Promise<Record<string, unknown>>;
}

/** Listing the examples and reading one. */
function registerReads({ routes, toolkit, examples, schemas, signedIn, mustFind }: Examples) {
  const { Type, PaginatedQuery, PaginatedData, pageOf, paginationOf } = toolkit;
  routes.get(
    '/examples',
    {
      operationId: 'listExamples',
      summary: 'Examples, newest first',
      auth: signedIn,
      querystring: PaginatedQuery(),
      response: PaginatedData('examples', schemas.Example),
    },
    async (request) => {
      const page = pageOf(request.query as { limit?: string; offset?: string });
      const { rows, total } = await examples.list({
        orderBy: [
          ['created_at', 'desc'],
          ['id', 'desc'],
        ],
        limit: page.limit,
        offset: page.offset,
      });
      return { examples: rows.map(view), pagination: paginationOf(page, total) };
    },
  );

  routes.get(
    '/examples/:id',
    {
      operationId: 'getExample',
      summary: 'One example',
      auth: signedIn,
      params: schemas.Params,
      response: Type.Object({ example: schemas.Example }),
    },
    async (request) => ({ example: view(await mustFind(request.params.id!)) }),
  );
}

/** Creating, changing and deleting examples. */
function registerWrites({ routes, toolkit, examples, schemas, signedIn, mustFind }: Examples) {
  const { Type } = toolkit;
  routes.post(
    '/examples',
    {
      operationId: 'createExample',
      summary: 'Create an example',
      auth: signedIn,
      body: schemas.CreateBody,
      response: Type.Object({ example: schemas.Example }),
      status: 201,
    },
    async (request) => {
      const body = request.body as { name: string; description?: string | null };
      const row = await examples.insert({
        id: toolkit.newId('ex'),
        name: body.name,
        description: body.description ?? null,
        created_by: request.user?.id ?? null,
      });
      return { example: view(row) };
    },
  );

  routes.put(
    '/examples/:id',
    {
      operationId: 'updateExample',
      summary: 'Change an example’s name or description',
      auth: signedIn,
      params: schemas.Params,
      body: schemas.UpdateBody,
      response: Type.Object({ example: schemas.Example }),
    },
    async (request) => {
      await mustFind(request.params.id!);
      const row = await examples.update(
        { id: request.params.id },
        { ...(request.body as Record<string, unknown>), updated_at: new Date().toISOString() },
      );
      return { example: view(row!) };
    },
  );

  routes.delete(
    '/examples/:id',
    {
      operationId: 'deleteExample',
      summary: 'Delete an example',
      auth: signedIn,
      params: schemas.Params,
      response: Type.Object({ deleted: Type.Boolean() }),
    },
    async (request) => {
      await mustFind(request.params.id!);
      return { deleted: await examples.delete({ id: request.params.id }) };
    },
  );
}

/**
 * The example plugin: CRUD over its own table, signed-in users only. It uses only what the
 * service hands it (routes, db, toolkit), as any plugin must.
 */
export default {
  register({ routes, db, toolkit }) {
    const { NotFoundError } = toolkit.errors;
    const examples = db.table('examples');
    const context: Examples = {
      routes,
      toolkit,
      examples,
      schemas: schemasOf(toolkit),
      signedIn: toolkit.auth.user(),
      async mustFind(id) {
        const row = await examples.find({ id });
        if (!row) throw new NotFoundError('Example not found');
        return row;
      },
    };
    registerReads(context);
    registerWrites(context);
  },
} satisfies PluginEntry;
