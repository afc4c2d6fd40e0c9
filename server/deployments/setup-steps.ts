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
  // The machine is one VM: cloud-init installs the NVIDIA driver and container toolkit, then runs the
  // platform's Docker Compose installer with a GPU runner (providers/ssh/cloud-init.ts). These steps
  // check each part of that install, in order; there is no Kubernetes on it.
  return [
    {
      id: 'gpu-drivers',
      description: 'Check the NVIDIA driver',
      emoji: '🖥️',
      remote: 'set -e; nvidia-smi -L',
      local:
        'set -e; echo "Looking for NVIDIA GPUs"; (command -v nvidia-smi >/dev/null && nvidia-smi -L) || echo "no GPU on this host: driver check simulated"; mkdir -p opt/nvidia; date -u +%FT%TZ > opt/nvidia/installed; sleep 0.3',
    },
    {
      id: 'gpu-runtime',
      description: 'Check the GPU container runtime',
      emoji: '⚙️',
      remote: 'set -e; docker info --format \'{{json .Runtimes}}\' | grep -q nvidia && echo "Docker has the NVIDIA runtime"',
      local: 'set -e; echo "Checking the container runtime"; mkdir -p opt/docker; echo nvidia > opt/docker/runtime; sleep 0.3',
    },
    {
      id: `${product}-install`,
      description: `Install ${productName} ${version}`,
      emoji: '🚀',
      remote: `set -e; grep -q "platform ${version} installed" /var/log/cloud-init-output.log && docker compose ls`,
      local: `set -e; echo "Installing ${productName} ${version} with Docker Compose"; mkdir -p opt/${product}; echo ${version} > opt/${product}/version; sleep 0.3`,
    },
    {
      id: 'models',
      description: 'Start the GPU runner',
      emoji: '🧠',
      remote: 'set -e; docker ps --format \'{{.Names}}\' | grep -i runner && echo "runner started: models download on first use"',
      local: 'set -e; echo "Starting the GPU runner"; mkdir -p opt/models; for m in llm vlm embeddings; do echo "$m: ok" | tee -a opt/models/manifest; done; sleep 0.3',
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
