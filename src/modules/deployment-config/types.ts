/**
 * The deployment configuration file as TypeScript sees it once it has passed the schema in
 * schemas/deployment-config.schema.json, with the schema's defaults filled in.
 */
export interface DeploymentConfig {
  application?: {
    logo?: string;
    name?: string;
    description?: string;
  };
  deployment?: {
    branches?: Record<string, Branch>;
  };
  serviceConnections?: ServiceConnections;
}

export interface Branch {
  label: string;
  description?: string;
  active: boolean;
  priority?: number;
  exclude_providers?: Array<'aws' | 'rnd' | 'dop'>;
  serviceConnections?: ServiceConnections;
}

export interface ServiceConnections {
  mappings: ServiceMapping[];
}

export interface ServiceMapping {
  fromService: string;
  toService: string;
  environmentVariables: string[];
  property: 'connectionString' | 'hostport' | 'host' | 'port';
}

/** One thing wrong with a file: where (JSON Pointer and 1-based line and column) and what. */
export interface ConfigProblem {
  path: string;
  message: string;
  line: number;
  column: number;
}

export interface ConfigCheck {
  valid: boolean;
  /** The first MAX_REPORTED_ERRORS problems in the order they appear in the file. */
  errors: ConfigProblem[];
  /** How many more problems the file has than `errors` lists. */
  omitted_errors: number;
  /** The file's content with defaults applied; null unless it is valid. */
  config: DeploymentConfig | null;
}
