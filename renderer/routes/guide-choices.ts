/** The setup guide's choices, in their own module: the path parser (docs addresses) and the selection both read them. */
export const privateCategories = ['local', 'cloud', 'onprem', 'hybrid'] as const;
export type PrivateCategory = (typeof privateCategories)[number];
export const cloudProviders = ['aws', 'gcp', 'azure', 'oci'] as const;
export type CloudProvider = (typeof cloudProviders)[number];
export const onpremPlatforms = ['docker', 'kubernetes', 'gke', 'rancher', 'vmware'] as const;
export type OnpremPlatform = (typeof onpremPlatforms)[number];

export const isChoice = <T extends string>(list: readonly T[], value: string | undefined): value is T => value !== undefined && (list as readonly string[]).includes(value);
