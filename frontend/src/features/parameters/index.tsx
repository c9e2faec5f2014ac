import { useParams } from 'react-router';
import type { SectionProps } from '../../components/PageHeading';
import { ParametersPage } from './components/ParametersPage';
import { ParameterValuesPage } from './components/ParameterValuesPage';
import { ValueCallsPage } from './components/ValueCallsPage';

/** /parameters, /parameter/{parameter} (its values) and /parameter/{parameter}/{value} (its calls). */
export default function ParametersSection({ title }: SectionProps) {
  const { parameter, value } = useParams();
  if (parameter !== undefined && value !== undefined)
    return <ValueCallsPage title={title} parameter={parameter} value={value} />;
  if (parameter !== undefined) return <ParameterValuesPage title={title} parameter={parameter} />;
  return <ParametersPage title={title} />;
}
