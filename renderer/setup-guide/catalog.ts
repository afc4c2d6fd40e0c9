import type { CloudProvider, OnpremPlatform, PrivateCategory } from '../routes/selection';

/** The four category cards of public-site 2.10; `anchor` is the section id hash links scroll to (spec 4). */
export const categoryCards: { id: PrivateCategory; title: string; summary: string; anchor: string }[] = [
  { id: 'local', title: 'Local Setup', summary: 'One machine, one command: try it on a laptop or a workstation.', anchor: 'local-machine' },
  { id: 'cloud', title: 'Cloud', summary: 'Your own account on AWS, GCP, Azure or OCI, on a VM or Kubernetes.', anchor: 'cloud-providers' },
  { id: 'onprem', title: 'On-Premises', summary: 'Docker Compose, Kubernetes, Rancher or VMware vSphere in your data centre.', anchor: 'on-premises' },
  { id: 'hybrid', title: 'Hybrid & Secure', summary: 'Air-gapped sites and split control planes for regulated workloads.', anchor: 'hybrid' },
];

export const cloudTabs: { id: CloudProvider; label: string }[] = [
  { id: 'aws', label: 'AWS' },
  { id: 'gcp', label: 'GCP' },
  { id: 'azure', label: 'Azure' },
  { id: 'oci', label: 'OCI' },
];

export type DeploymentType = 'vm' | 'kubernetes';

export const deploymentTypeLabels: Record<DeploymentType, string> = {
  vm: 'Virtual Machine (Docker Compose)',
  kubernetes: 'Kubernetes',
};

/** Where each provider's VM and managed Kubernetes live, named the way their consoles name them. */
export const cloudNotes: Record<CloudProvider, Record<DeploymentType, string>> = {
  aws: {
    vm: 'Launch an EC2 instance running Ubuntu 22.04 or later with at least 4 vCPUs and 8GB RAM; open ports 80 and 443 in its security group when you use a domain.',
    kubernetes: 'Use an EKS cluster with a default storage class (gp3) and an ingress controller or load balancer for the web port.',
  },
  gcp: {
    vm: 'Create a Compute Engine VM (e2-standard-4 or larger) with Ubuntu 22.04 or later; allow HTTP and HTTPS traffic when you use a domain.',
    kubernetes: 'Use a GKE Standard cluster; GPU runners need a node pool with NVIDIA drivers installed.',
  },
  azure: {
    vm: 'Create an Azure virtual machine (Standard_D4s_v5 or larger) with Ubuntu 22.04 or later; allow ports 80 and 443 in its network security group.',
    kubernetes: 'Use an AKS cluster with the managed CSI storage driver and an ingress controller.',
  },
  oci: {
    vm: 'Create a Compute instance (VM.Standard.E4.Flex with 4 OCPUs or more) running Ubuntu 22.04 or later; add ingress rules for ports 80 and 443.',
    kubernetes: 'Use an OKE cluster with block volume storage and an OCI load balancer.',
  },
};

export const onpremTabs: { id: OnpremPlatform; label: string }[] = [
  { id: 'docker', label: 'Docker Compose' },
  { id: 'kubernetes', label: 'Kubernetes' },
  { id: 'rancher', label: 'Rancher' },
  { id: 'vmware', label: 'VMware vSphere' },
];

/** Spec 9 requirements. */
export const requirements = {
  controlPlane: ['4 CPUs', '8GB RAM', '50GB+ free disk'],
  gpuRunner: ['NVIDIA GPU with 8GB+ VRAM', '150GB+ free disk'],
  vsphere: ['vSphere 6.7+', '4 vCPU (8 recommended)', '8GB RAM (16 recommended)', '100GB storage'],
  kubernetes: ['Kubernetes 1.21+', 'Helm 3.0+'],
} as const;
