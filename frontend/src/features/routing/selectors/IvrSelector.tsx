import { useState } from 'react';
import { FlowchartDialog } from '../editors/FlowchartDialog';
import { IvrDialog } from '../editors/IvrDialog';
import { MultiLevelTermsDialog } from '../editors/MultiLevelTermsDialog';
import { LibrarySelect, type SelectorProps } from './LibrarySelect';
import { useRoutingLibrary } from './RoutingLibrary';

export interface IvrSelectorProps extends SelectorProps {
  /** In a key row of this IVR (0 while it is new): an IVR added here is its child IVR. */
  parentIvrId?: number;
}

type Step =
  | { kind: 'terms' }
  | { kind: 'add'; acceptTerms: boolean }
  | { kind: 'flow'; id: number };

/**
 * An IVR of a service plan row or a key. Add checks the multi-level IVR credits (the price and
 * terms when they are used up), then opens 'Add IVR'; edit opens the IVR's flowchart.
 */
export function IvrSelector({ parentIvrId, ...props }: IvrSelectorProps) {
  const library = useRoutingLibrary();
  const [step, setStep] = useState<Step | null>(null);
  const close = () => setStep(null);
  const choose = (id: number) => {
    setStep(null);
    props.onChange(id);
  };

  return (
    <>
      <LibrarySelect
        noneLabel="Select an IVR"
        {...props}
        noun="IVR"
        options={library.ivrs.items}
        status={library.ivrs.status}
        onRetry={() => void library.reloadIvrs()}
        onAdd={() => setStep({ kind: 'terms' })}
        onEdit={() => setStep({ kind: 'flow', id: props.value })}
      />
      {step?.kind === 'terms' && (
        <MultiLevelTermsDialog action="add" onCancel={close} onAccepted={(acceptTerms) => setStep({ kind: 'add', acceptTerms })} />
      )}
      {step?.kind === 'add' && (
        <IvrDialog open id={0} acceptTerms={step.acceptTerms} parentIvrId={parentIvrId} onClose={close} onSaved={choose} />
      )}
      {step?.kind === 'flow' && <FlowchartDialog open ivrId={step.id} onClose={close} onCloned={choose} />}
    </>
  );
}
