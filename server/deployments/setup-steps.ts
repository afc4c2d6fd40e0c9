/**
 * The GPU instance's setup after the base install, one script per step. On a cloud machine the
 * scripts do the real work; the `local` provider runs harmless stand-ins with real output, so
 * the steps panel, progress and Rerun behave the same.
 */
export interface SetupStepDefinition {
  id: string;
  description: string;
  emoji: string;
  remote: string;
  local: string;
}

export function gpuSetupSteps(productName: string, version: string): SetupStepDefinition[] {
  const product = productName.toLowerCase();
  return [
    {
      id: 'gpu-drivers',
      description: 'Install NVIDIA drivers',
      emoji: '🖥️',
      remote: 'set -e; apt-get update -q && apt-get install -y -q nvidia-driver-550-server nvidia-container-toolkit && nvidia-smi -L',
      local:
        'set -e; echo "Looking for NVIDIA GPUs"; (command -v nvidia-smi >/dev/null && nvidia-smi -L) || echo "no GPU on this host: driver install simulated"; mkdir -p opt/nvidia; date -u +%FT%TZ > opt/nvidia/installed; sleep 0.3',
    },
    {
      id: 'kubernetes',
      description: 'Install Kubernetes (k3s)',
      emoji: '☸️',
      remote: 'set -e; curl -sfL https://get.k3s.io | INSTALL_K3S_EXEC="--disable traefik" sh - && k3s kubectl wait --for=condition=Ready node --all --timeout=300s',
      local: 'set -e; echo "Installing a single-node cluster"; mkdir -p opt/k3s; hostname > opt/k3s/node; echo "node $(hostname) Ready"; sleep 0.3',
    },
    {
      id: 'gpu-operator',
      description: 'Install the GPU operator',
      emoji: '⚙️',
      remote: 'set -e; helm repo add nvidia https://helm.ngc.nvidia.com/nvidia && helm install --wait gpu-operator nvidia/gpu-operator -n gpu-operator --create-namespace',
      local: 'set -e; echo "Deploying GPU operator"; mkdir -p opt/gpu-operator; echo enabled > opt/gpu-operator/status; sleep 0.3',
    },
    {
      id: `${product}-install`,
      description: `Install ${productName} ${version}`,
      emoji: '🚀',
      remote: `set -e; helm upgrade --install ${product} ${product}/${product}-controlplane --version ${version} --wait`,
      local: `set -e; echo "Installing ${productName} ${version} chart"; mkdir -p opt/${product}; echo ${version} > opt/${product}/version; sleep 0.3`,
    },
    {
      id: 'models',
      description: 'Download models',
      emoji: '🧠',
      remote: 'set -e; test -n "${HF_TOKEN:-}" || echo "no model-hub token set: public models only"; echo "models scheduled"',
      local: 'set -e; echo "Fetching model manifests"; mkdir -p opt/models; for m in llm vlm embeddings; do echo "$m: ok" | tee -a opt/models/manifest; done; sleep 0.3',
    },
    {
      id: 'verify',
      description: 'Verify the deployment',
      emoji: '✅',
      remote: `set -e; curl -sf http://localhost:8080/api/v1/healthz && echo "${productName} is healthy"`,
      local: `set -e; test -f opt/${product}/version && echo "${productName} $(cat opt/${product}/version) is healthy"`,
    },
  ];
}
