import { Link } from 'react-router';
import { RecordsPage } from '../../../components/records/RecordsPage';
import { refusalErrors } from '../../../lib/api';
import { deleteCategory, getCategories, type CategoryView } from '../api';
import { CategoryNameForm } from './CategoryNameForm';

export const LOAD_FAILED = 'The categories could not be loaded. Try again later.';
export const DELETE_FAILED = 'The category could not be deleted. Try again later.';

const others = (categories: CategoryView[], id?: number) => categories.filter((c) => c.id !== id).map((c) => c.description);

/** /categories: the categories the IVRs file calls under, with their calls; add, rename inline, delete. */
export function CategoriesPage({ title }: { title: string }) {
  return (
    <RecordsPage
      title={title}
      load={getCategories}
      failedText={LOAD_FAILED}
      rows={(data) => data.categories}
      canEdit={(data) => data.canEdit}
      intro={(page) => (
        <>
          <p>
            Categories sort calls by what the caller chose in an IVR or DTMF menu. The call log shows each call's
            category; a category a menu key uses cannot be deleted until the key uses another.
          </p>
          {page.canEdit && (
            <CategoryNameForm category={null} taken={others(page.data.categories)} onSaved={page.succeeded} />
          )}
        </>
      )}
      edit={{ label: 'Rename', inline: true }}
      label="Call categories"
      name={(category) => category.description}
      emptyText="No categories yet."
      columns={(page) => [
        {
          id: 'category',
          header: 'Category',
          cell: (category: CategoryView) =>
            page.editing?.row?.id === category.id ? (
              <CategoryNameForm
                category={category}
                taken={others(page.data.categories, category.id)}
                onSaved={page.saved}
                onCancel={page.close}
              />
            ) : (
              category.description
            ),
          sortValue: (category) => category.description,
        },
        {
          id: 'calls30',
          header: 'Calls (30 days)',
          cell: (category) =>
            category.calls30Days > 0 ? (
              <Link
                to={`/reports?category=${encodeURIComponent(category.description)}`}
                aria-label={`${category.calls30Days} calls filed under ${category.description} in the last 30 days`}
              >
                {category.calls30Days}
              </Link>
            ) : (
              0
            ),
          sortValue: (category) => category.calls30Days,
        },
        { id: 'calls', header: 'All calls', cell: (category) => category.calls, sortValue: (category) => category.calls },
        {
          id: 'usedBy',
          header: 'Used by',
          cell: (category) => (category.usedBy.length === 0 ? 'Not used by the routing' : category.usedBy.join(', ')),
        },
      ]}
      remove={{
        refusal: (category) => (category.usedBy.length > 0 ? category.deleteQuestion : null),
        question: (category) => category.deleteQuestion,
        run: async (category) => {
          await deleteCategory(category.id);
          return `The category '${category.description}' was deleted.`;
        },
        failed: (error) => refusalErrors(error)?.form_category ?? DELETE_FAILED,
      }}
    />
  );
}
