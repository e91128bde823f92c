import type { Static } from '@sinclair/typebox';
import { fieldNames } from '../audit/fields.js';
import type { AuditRequest } from '../audit/context.js';
import { audit } from '../audit/writer.js';
import { ConflictError, NotFoundError, ValidationError } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { slugify } from '../teams/service.js';
import { columnsOf, type ColumnsOfFields } from './columns.js';
import type { CatalogueServiceDeps } from './deps.js';
import type { NewCategory } from './repository.js';
import type { CategoryBody } from './schemas.js';
import { categoryView, type CategoryView } from './views.js';

type CategoryInput = Static<typeof CategoryBody>;

/** The column each field of a category's body is stored in. */
const CATEGORY_COLUMNS: ColumnsOfFields<CategoryInput, NewCategory> = {
  name: (name) => ({ name }),
  slug: (slug) => ({ slug }),
  description: (description) => ({ description }),
  icon: (icon) => ({ icon }),
  sort_order: (sortOrder) => ({ sortOrder }),
};

/** The catalogue's categories, which group its servers. */
export interface CatalogueCategories {
  /** Every category with its number of servers, in display order. */
  listCategories(): Promise<CategoryView[]>;
  /** Adds a category; its slug defaults to one made from its name. */
  createCategory(input: CategoryInput, request: AuditRequest): Promise<CategoryView>;
  /** Changes the given fields of a category, or 404. */
  updateCategory(
    id: string,
    input: Partial<CategoryInput>,
    request: AuditRequest,
  ): Promise<CategoryView>;
  /** Deletes a category; one still in use needs `moveTo`, another category for its servers. */
  deleteCategory(id: string, moveTo: string | undefined, request: AuditRequest): Promise<void>;
}

export function createCatalogueCategories(
  deps: Pick<CatalogueServiceDeps, 'db' | 'repository'>,
): CatalogueCategories {
  const { db, repository } = deps;

  /** The category as the routes show it, read after its change. */
  async function readBack(id: string) {
    const row = (await repository.findCategory(id))!;
    return categoryView(row.category, row.serverCount);
  }

  return {
    async listCategories() {
      return (await repository.listCategories()).map((r) =>
        categoryView(r.category, r.serverCount),
      );
    },
    async createCategory(input, request) {
      const id = newId('cat');
      const slug = input.slug ?? slugify(input.name);
      await db.orm.transaction(async (tx) => {
        await repository.insertCategory(
          {
            id,
            name: input.name,
            slug,
            description: input.description ?? null,
            icon: input.icon ?? null,
            sortOrder: input.sort_order ?? 0,
          },
          tx,
        );
        await audit(tx, {
          action: 'catalogue.category_created',
          request,
          target: { type: 'category', id },
          details: { slug },
        });
      });
      return readBack(id);
    },
    async updateCategory(id, input, request) {
      const values = columnsOf(input, CATEGORY_COLUMNS);
      await db.orm.transaction(async (tx) => {
        if (!(await repository.updateCategory(id, values, tx)))
          throw new NotFoundError('Category not found');
        await audit(tx, {
          action: 'catalogue.category_updated',
          request,
          target: { type: 'category', id },
          details: { fields: fieldNames(input, 1) },
        });
      });
      return readBack(id);
    },
    async deleteCategory(id, moveTo, request) {
      await db.orm.transaction(async (tx) => {
        if (!(await repository.findCategory(id, tx))) throw new NotFoundError('Category not found');
        const inUse = await repository.countServersIn(id, tx);
        if (inUse > 0) {
          if (!moveTo) {
            throw new ConflictError(
              `The category has ${inUse} servers; move them first (move_servers_to)`,
              'CATEGORY_IN_USE',
            );
          }
          if (moveTo === id || !(await repository.findCategory(moveTo, tx))) {
            throw new ValidationError(
              'querystring.move_servers_to must name another existing category',
            );
          }
          await repository.moveServers(id, moveTo, tx);
        }
        await repository.deleteCategory(id, tx);
        await audit(tx, {
          action: 'catalogue.category_deleted',
          request,
          target: { type: 'category', id },
          details: inUse > 0 ? { servers_moved_to: moveTo, servers_moved: inUse } : {},
        });
      });
    },
  };
}
