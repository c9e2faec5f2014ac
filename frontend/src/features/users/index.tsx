import { useParams } from 'react-router';
import type { SectionProps } from '../../components/PageHeading';
import { UserFormPage } from './components/UserForm';
import { UsersList } from './components/UsersList';

/** /users is the list; /users/{id} the user form (id 0: a new user). */
export default function UsersSection({ title }: SectionProps) {
  const { id } = useParams();
  if (id !== undefined) return <UserFormPage title={title} userId={id} />;
  return <UsersList title={title} />;
}
