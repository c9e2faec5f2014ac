export interface SectionProps {
  /** The matched route's title, from the domain's route table. */
  title: string;
}

export function PageHeading({ title }: SectionProps) {
  return (
    <header className="page-heading">
      <h1>{title}</h1>
    </header>
  );
}
