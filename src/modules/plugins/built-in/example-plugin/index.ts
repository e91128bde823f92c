import { definePlugin } from '../../api.js';

/**
 * The example plugin: CRUD over its own table, signed-in users only. It uses only what the
 * service hands it (routes, db, toolkit), as any plugin must.
 */
export default definePlugin({
  register({ routes, db, toolkit }) {
    const { Type, Nullable, Timestamp, PaginatedQuery, PaginatedData, pageOf, paginationOf } =
      toolkit;
    const { NotFoundError } = toolkit.errors;
    const signedIn = toolkit.auth.user();
    const examples = db.table('examples');

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

    const view = (row: Record<string, unknown>) => ({
      id: row.id as string,
      name: row.name as string,
      description: (row.description as string | null) ?? null,
      created_by: (row.created_by as string | null) ?? null,
      created_at: new Date(row.created_at as string).toISOString(),
      updated_at: new Date(row.updated_at as string).toISOString(),
    });
    const mustFind = async (id: string) => {
      const row = await examples.find({ id });
      if (!row) throw new NotFoundError('Example not found');
      return row;
    };

    routes.get(
      '/examples',
      {
        operationId: 'listExamples',
        summary: 'Examples, newest first',
        auth: signedIn,
        querystring: PaginatedQuery(),
        response: PaginatedData('examples', Example),
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
        params: Params,
        response: Type.Object({ example: Example }),
      },
      async (request) => ({ example: view(await mustFind(request.params.id!)) }),
    );

    routes.post(
      '/examples',
      {
        operationId: 'createExample',
        summary: 'Create an example',
        auth: signedIn,
        body: CreateBody,
        response: Type.Object({ example: Example }),
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
        params: Params,
        body: UpdateBody,
        response: Type.Object({ example: Example }),
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
        params: Params,
        response: Type.Object({ deleted: Type.Boolean() }),
      },
      async (request) => {
        await mustFind(request.params.id!);
        return { deleted: await examples.delete({ id: request.params.id }) };
      },
    );
  },
});
