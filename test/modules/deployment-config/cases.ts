// One table of deployment configuration files, run through the library, the route and the command.
// Every rule of the spec appears at least once as valid and once as invalid, and every default once
// as filled in and once as given.

export interface ExpectedProblem {
  path: string;
  message: string;
  line: number;
  column: number;
}

export interface ConfigCase {
  name: string;
  content: string;
  /** For a valid file: the configuration with defaults applied. */
  config?: unknown;
  /** For an invalid file: every problem, in order. */
  errors?: ExpectedProblem[];
}

const LOGO_PATTERN = '"^(https?://.*|.*)\\.(?:png|svg|jpg|jpeg|webp)$"';
const BRANCH_KEY_PATTERN = '"^[a-zA-Z0-9._-]+$"';
const PROVIDERS = 'must be one of: aws, rnd, dop';
const PROPERTIES = 'must be one of: connectionString, hostport, host, port';

const branch = (lines: string) => `deployment:\n  branches:\n    main:\n${lines}`;
const mapping = (lines: string) =>
  `serviceConnections:\n  mappings:\n    - fromService: web\n${lines}`;
const at = (path: string, message: string, line: number, column: number): ExpectedProblem => ({
  path,
  message,
  line,
  column,
});

const FULL_YAML = `# every field the schema knows
application:
  logo: assets/logo.svg
  name: Shop
  description: The web shop and its API.
deployment:
  branches:
    main:
      label: Production
      description: What customers see
      active: true
      priority: 1
      exclude_providers: [aws, rnd, dop]
      serviceConnections:
        mappings:
          - fromService: web
            toService: api
            environmentVariables: [API_URL]
            property: connectionString
    release-2.0_rc:
      label: Release candidate
      active: false
      priority: 2
      exclude_providers: []
serviceConnections:
  mappings:
    - fromService: api
      toService: db
      environmentVariables: [DATABASE_HOST, DB_HOST]
      property: host
`;

const FULL_CONFIG = {
  application: {
    logo: 'assets/logo.svg',
    name: 'Shop',
    description: 'The web shop and its API.',
  },
  deployment: {
    branches: {
      main: {
        label: 'Production',
        description: 'What customers see',
        active: true,
        priority: 1,
        exclude_providers: ['aws', 'rnd', 'dop'],
        serviceConnections: {
          mappings: [
            {
              fromService: 'web',
              toService: 'api',
              environmentVariables: ['API_URL'],
              property: 'connectionString',
            },
          ],
        },
      },
      'release-2.0_rc': {
        label: 'Release candidate',
        active: false,
        priority: 2,
        exclude_providers: [],
      },
    },
  },
  serviceConnections: {
    mappings: [
      {
        fromService: 'api',
        toService: 'db',
        environmentVariables: ['DATABASE_HOST', 'DB_HOST'],
        property: 'host',
      },
    ],
  },
};

export const VALID_CASES: ConfigCase[] = [
  { name: 'an empty file (every top-level object is optional)', content: '', config: {} },
  { name: 'a file of comments only', content: '# nothing yet\n\n', config: {} },
  { name: 'an empty JSON object', content: '{}', config: {} },
  { name: 'every field, in YAML', content: FULL_YAML, config: FULL_CONFIG },
  {
    name: 'every field, in JSON',
    content: JSON.stringify(FULL_CONFIG, null, 2),
    config: FULL_CONFIG,
  },
  {
    name: 'JSON indented with tabs',
    content: '{\n\t"application": {\n\t\t"name": "Shop"\n\t}\n}\n',
    config: { application: { name: 'Shop' } },
  },
  ...['logo.png', 'a/b/logo.svg', 'logo.jpg', 'logo.jpeg', 'logo.webp'].map((logo) => ({
    name: `a logo path ending in ${logo.slice(logo.lastIndexOf('.'))}`,
    content: `application:\n  logo: ${logo}\n`,
    config: { application: { logo } },
  })),
  {
    name: 'a logo URL',
    content: 'application:\n  logo: https://cdn.example.com/brand/logo.png\n',
    config: { application: { logo: 'https://cdn.example.com/brand/logo.png' } },
  },
  {
    name: 'an application name of 40 and a description of 500 characters',
    content: `application:\n  name: ${'n'.repeat(40)}\n  description: ${'d'.repeat(500)}\n`,
    config: { application: { name: 'n'.repeat(40), description: 'd'.repeat(500) } },
  },
  {
    name: 'a deployment without branches',
    content: 'deployment: {}\n',
    config: { deployment: {} },
  },
  {
    name: 'a branch with only its label gets active: true',
    content: branch('      label: Main\n'),
    config: { deployment: { branches: { main: { label: 'Main', active: true } } } },
  },
  {
    name: 'a branch label of 20 and a description of 100 characters',
    content: branch(`      label: ${'l'.repeat(20)}\n      description: ${'d'.repeat(100)}\n`),
    config: {
      deployment: {
        branches: { main: { label: 'l'.repeat(20), description: 'd'.repeat(100), active: true } },
      },
    },
  },
  {
    name: 'branch names of letters, digits, dots, dashes and underscores',
    content: 'deployment:\n  branches:\n    A.b-C_9: {label: x}\n    "1": {label: y}\n',
    config: {
      deployment: {
        branches: { 'A.b-C_9': { label: 'x', active: true }, '1': { label: 'y', active: true } },
      },
    },
  },
  {
    name: 'a mapping without property gets hostport',
    content: mapping('      toService: api\n      environmentVariables: []\n'),
    config: {
      serviceConnections: {
        mappings: [
          { fromService: 'web', toService: 'api', environmentVariables: [], property: 'hostport' },
        ],
      },
    },
  },
  ...['connectionString', 'hostport', 'host', 'port'].map((property) => ({
    name: `a mapping with property ${property}`,
    content: mapping(
      `      toService: api\n      environmentVariables: [X]\n      property: ${property}\n`,
    ),
    config: {
      serviceConnections: {
        mappings: [{ fromService: 'web', toService: 'api', environmentVariables: ['X'], property }],
      },
    },
  })),
  {
    name: 'service connections with no mappings in the list',
    content: 'serviceConnections:\n  mappings: []\n',
    config: { serviceConnections: { mappings: [] } },
  },
  {
    name: 'an alias repeating a branch',
    content: 'deployment:\n  branches:\n    main: &b {label: Main}\n    next: *b\n',
    config: {
      deployment: {
        branches: { main: { label: 'Main', active: true }, next: { label: 'Main', active: true } },
      },
    },
  },
];

export const INVALID_CASES: ConfigCase[] = [
  // The document itself
  { name: 'a list', content: '- a\n- b\n', errors: [at('', 'must be object', 1, 1)] },
  { name: 'a plain string', content: 'hello\n', errors: [at('', 'must be object', 1, 1)] },
  { name: 'an explicit null', content: 'null\n', errors: [at('', 'must be object', 1, 1)] },
  {
    name: 'an unknown top-level property',
    content: 'application: {}\nversion: 2\n',
    errors: [at('/version', 'is not an allowed property', 2, 1)],
  },
  {
    name: 'a top-level property in the wrong case',
    content: 'Application: {}\n',
    errors: [at('/Application', 'is not an allowed property', 1, 1)],
  },
  // application
  {
    name: 'application as a string',
    content: 'application: Shop\n',
    errors: [at('/application', 'must be object', 1, 14)],
  },
  {
    name: 'an unknown application property',
    content: 'application:\n  name: Shop\n  title: Shop\n',
    errors: [at('/application/title', 'is not an allowed property', 3, 3)],
  },
  ...['logo.gif', 'logo', 'LOGO.PNG', 'logo.png.txt', 'https://example.com/'].map((logo) => ({
    name: `a logo ${logo}`,
    content: `application:\n  logo: ${logo}\n`,
    errors: [at('/application/logo', `must match pattern ${LOGO_PATTERN}`, 2, 9)],
  })),
  {
    name: 'a logo that is not a string',
    content: 'application:\n  logo: 12\n',
    errors: [at('/application/logo', 'must be string', 2, 9)],
  },
  {
    name: 'an application name of 41 characters',
    content: `application:\n  name: ${'n'.repeat(41)}\n`,
    errors: [at('/application/name', 'must be at most 40 characters', 2, 9)],
  },
  {
    name: 'an application name that is a number',
    content: 'application:\n  name: 42\n',
    errors: [at('/application/name', 'must be string', 2, 9)],
  },
  {
    name: 'an application description of 501 characters',
    content: `application:\n  description: ${'d'.repeat(501)}\n`,
    errors: [at('/application/description', 'must be at most 500 characters', 2, 16)],
  },
  // deployment
  {
    name: 'deployment as a list',
    content: 'deployment: []\n',
    errors: [at('/deployment', 'must be object', 1, 13)],
  },
  {
    name: 'an unknown deployment property',
    content: 'deployment:\n  branch: {}\n',
    errors: [at('/deployment/branch', 'is not an allowed property', 2, 3)],
  },
  {
    name: 'no branches in branches',
    content: 'deployment:\n  branches: {}\n',
    errors: [at('/deployment/branches', 'must have at least 1 property', 2, 13)],
  },
  {
    name: 'branches as a list',
    content: 'deployment:\n  branches:\n    - label: Main\n',
    errors: [at('/deployment/branches', 'must be object', 3, 5)],
  },
  {
    name: 'branch names with a slash and a space',
    content: 'deployment:\n  branches:\n    feature/x: {label: x}\n    "my branch": {label: y}\n',
    errors: [
      at('/deployment/branches/feature~1x', `name must match pattern ${BRANCH_KEY_PATTERN}`, 3, 5),
      at('/deployment/branches/my branch', `name must match pattern ${BRANCH_KEY_PATTERN}`, 4, 5),
    ],
  },
  {
    name: 'a branch without a value',
    content: branch(''),
    errors: [at('/deployment/branches/main', 'must be object', 3, 5)],
  },
  // branch
  {
    name: 'a branch without a label',
    content: branch('      description: Main\n'),
    errors: [at('/deployment/branches/main/label', 'is required', 4, 7)],
  },
  {
    name: 'a branch label of 21 characters',
    content: branch(`      label: ${'l'.repeat(21)}\n`),
    errors: [at('/deployment/branches/main/label', 'must be at most 20 characters', 4, 14)],
  },
  {
    name: 'a branch label that is a boolean',
    content: branch('      label: true\n'),
    errors: [at('/deployment/branches/main/label', 'must be string', 4, 14)],
  },
  {
    name: 'a branch description of 101 characters',
    content: branch(`      label: x\n      description: ${'d'.repeat(101)}\n`),
    errors: [at('/deployment/branches/main/description', 'must be at most 100 characters', 5, 20)],
  },
  {
    // YAML 1.2 reads yes as a string, as JSON would.
    name: 'active: yes',
    content: branch('      label: x\n      active: yes\n'),
    errors: [at('/deployment/branches/main/active', 'must be boolean', 5, 15)],
  },
  {
    name: 'priority 0',
    content: branch('      label: x\n      priority: 0\n'),
    errors: [at('/deployment/branches/main/priority', 'must be >= 1', 5, 17)],
  },
  {
    name: 'priority 1.5',
    content: branch('      label: x\n      priority: 1.5\n'),
    errors: [at('/deployment/branches/main/priority', 'must be integer', 5, 17)],
  },
  {
    name: 'priority as a quoted number',
    content: branch('      label: x\n      priority: "1"\n'),
    errors: [at('/deployment/branches/main/priority', 'must be integer', 5, 17)],
  },
  {
    name: 'an unknown provider',
    content: branch('      label: x\n      exclude_providers: [aws, gcp]\n'),
    errors: [at('/deployment/branches/main/exclude_providers/1', PROVIDERS, 5, 32)],
  },
  {
    name: 'a provider named twice',
    content: branch('      label: x\n      exclude_providers: [dop, rnd, dop]\n'),
    errors: [at('/deployment/branches/main/exclude_providers/2', 'repeats item 0', 5, 37)],
  },
  {
    name: 'exclude_providers as a string',
    content: branch('      label: x\n      exclude_providers: aws\n'),
    errors: [at('/deployment/branches/main/exclude_providers', 'must be array', 5, 26)],
  },
  {
    name: 'an unknown branch property',
    content: branch('      label: x\n      enabled: true\n'),
    errors: [at('/deployment/branches/main/enabled', 'is not an allowed property', 5, 7)],
  },
  {
    name: 'branch service connections without mappings',
    content: branch('      label: x\n      serviceConnections: {}\n'),
    errors: [at('/deployment/branches/main/serviceConnections/mappings', 'is required', 5, 27)],
  },
  // serviceConnections
  {
    name: 'service connections without mappings',
    content: 'serviceConnections:\n  mapping: []\n',
    errors: [
      at('/serviceConnections/mappings', 'is required', 2, 3),
      at('/serviceConnections/mapping', 'is not an allowed property', 2, 3),
    ],
  },
  {
    name: 'mappings as an object',
    content: 'serviceConnections:\n  mappings: {}\n',
    errors: [at('/serviceConnections/mappings', 'must be array', 2, 13)],
  },
  {
    name: 'a mapping without fromService',
    content:
      'serviceConnections:\n  mappings:\n    - toService: api\n      environmentVariables: []\n',
    errors: [at('/serviceConnections/mappings/0/fromService', 'is required', 3, 7)],
  },
  {
    name: 'a mapping without toService',
    content: mapping('      environmentVariables: []\n'),
    errors: [at('/serviceConnections/mappings/0/toService', 'is required', 3, 7)],
  },
  {
    name: 'a mapping without environmentVariables',
    content: mapping('      toService: api\n'),
    errors: [at('/serviceConnections/mappings/0/environmentVariables', 'is required', 3, 7)],
  },
  {
    name: 'an environment variable that is a number',
    content: mapping('      toService: api\n      environmentVariables: [PORT, 8080]\n'),
    errors: [at('/serviceConnections/mappings/0/environmentVariables/1', 'must be string', 5, 36)],
  },
  {
    name: 'an unknown mapping property',
    content: mapping('      toService: api\n      environmentVariables: []\n      property: url\n'),
    errors: [at('/serviceConnections/mappings/0/property', PROPERTIES, 6, 17)],
  },
  {
    name: 'a mapping property in snake case',
    content: mapping(
      '      to_service: api\n      toService: api\n      environmentVariables: []\n',
    ),
    errors: [at('/serviceConnections/mappings/0/to_service', 'is not an allowed property', 4, 7)],
  },
  {
    name: 'several problems, listed in the order they appear',
    content:
      'deployment:\n  branches:\n    main:\n      priority: 0\n      label: x\n' +
      'application:\n  name: 7\n',
    errors: [
      at('/deployment/branches/main/priority', 'must be >= 1', 4, 17),
      at('/application/name', 'must be string', 7, 9),
    ],
  },
  {
    name: 'a JSON file with a wrong value',
    content: '{\n  "deployment": {\n    "branches": {\n      "main": {"label": 5}\n    }\n  }\n}\n',
    errors: [at('/deployment/branches/main/label', 'must be string', 4, 25)],
  },
  // Files that do not parse
  {
    name: 'YAML with an unclosed flow list',
    content: 'application:\n  name: [Shop\n',
    errors: [
      at(
        '',
        'Flow sequence in block collection must be sufficiently indented and end with a ]',
        3,
        1,
      ),
    ],
  },
  {
    name: 'YAML indented with a tab',
    content: 'application:\n\tname: Shop\n',
    errors: [at('', 'Tabs are not allowed as indentation', 2, 1)],
  },
  {
    name: 'a key given twice',
    content: 'application:\n  name: A\n  name: B\n',
    errors: [at('', 'Map keys must be unique', 3, 3)],
  },
  {
    name: 'two YAML documents',
    content: 'application: {}\n---\ndeployment: {}\n',
    errors: [at('', 'The file holds more than one YAML document; it must hold one', 2, 1)],
  },
  {
    name: 'an unknown tag',
    content: 'application:\n  name: !secret shop\n',
    errors: [at('', 'Unresolved tag: !secret', 2, 9)],
  },
  {
    name: 'JSON with a missing comma',
    content: '{\n  "application": {"name": "Shop" "logo": "a.png"}\n}\n',
    errors: [
      at('', 'Block collections are not allowed within flow collections', 2, 27),
      at('', 'Unexpected double-quoted-scalar token', 2, 34),
    ],
  },
  {
    name: 'JSON with an unclosed object',
    content: '{\n  "application": {"name": "Shop"}\n',
    errors: [at('', 'Flow map must end with a }', 3, 1)],
  },
  {
    name: 'aliases that would expand without bound',
    content:
      'a: &a [x, x, x, x, x, x, x, x, x, x]\n' +
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]\n' +
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]\n' +
      'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]\n',
    errors: [at('', 'The aliases in the file expand to too many values', 1, 1)],
  },
  {
    name: 'an alias before its anchor',
    content: 'application:\n  name: *shop\n  description: &shop Shop\n',
    errors: [at('', 'The alias *shop comes before any anchor &shop', 2, 9)],
  },
  {
    name: 'a key given twice in a JSON object',
    content: '{"application": {"name": "A", "name": "B"}}',
    errors: [at('', 'Map keys must be unique', 1, 31)],
  },
];

export const ALL_CASES = [...VALID_CASES, ...INVALID_CASES];
