/* LD_PRELOAD shim for the test run of scripts/sanitize.sh asan: dlclose() leaves every library
 * mapped. The Vulkan loader unloads Mesa's lavapipe and the validation layer when an instance is
 * destroyed; the memory they keep in their globals then looks leaked at exit and LeakSanitizer
 * reports it in "<unknown module>", which no suppression can name (GCC 12's LSan; see
 * google/sanitizers#89). Kept loaded, that memory stays reachable, and any real leak in them is
 * reported with the library's name. ActLab itself never dlclose()s (vulkan_loader.h). */
int dlclose(void* handle) {
    (void)handle;
    return 0;
}
