/** A custom provider declaration; `name` defaults to `custom.<class>`. */
export interface CustomProviderDeclaration {
  readonly module: string;
  readonly className: string;
  /** The `custom.*` name components use as `boundary.provider`. */
  readonly name: string;
}
