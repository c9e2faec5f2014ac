// The routing selectors: each a labelled select over one list of the routing library, with an
// add (+) and an edit button opening its editor. Mount them inside a RoutingLibraryProvider.
export { RoutingLibraryProvider, useRoutingLibrary, otherDescriptions } from './RoutingLibrary';
export type { LibraryList, LibraryListName, ListStatus, RoutingLibrary } from './RoutingLibrary';
export type { SelectorProps } from './LibrarySelect';
export { ServicePlanSelector, type ServicePlanSelectorProps } from './ServicePlanSelector';
export { AudioSelector } from './AudioSelector';
export { DestinationPlanSelector } from './DestinationPlanSelector';
export { DestinationNumberSelector } from './DestinationNumberSelector';
export { QueueSelector } from './QueueSelector';
export { VoicemailSelector } from './VoicemailSelector';
export { IvrSelector, type IvrSelectorProps } from './IvrSelector';
export { DynamicWhisperSelector, type DynamicWhisperSelectorProps } from './DynamicWhisperSelector';
export { AttributionSelector, DtmfPlanSelector, type AttributionSelectorProps } from './AttributionSelector';
export { InCallAttributionSelector } from './InCallAttributionSelector';
export { CategorySelector } from './CategorySelector';
export { ReportGroupSelector } from './ReportGroupSelector';
export { SecondaryReportGroupSelector } from './SecondaryReportGroupSelector';
